/** Saves a CSV text the page already holds as a file, through a temporary Blob URL. */
export function saveCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has handed the URL to the browser's download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
