/** The words of the Together section (issue 25): who is counted, and how many purchases. */
import type { TogetherWire } from '@mindspend/api-contract';
import type { NamedMember } from '../books/api';

/** 'Ana', 'Ana and Ben', 'Ana, Ben and Cy'. */
export function namesText(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** '1 purchase', '3 purchases'. */
export function purchasesText(count: number): string {
  return `${count} purchase${count === 1 ? '' : 's'}`;
}

/**
 * Whose feelings the figures weigh: the caller and the members who share theirs. Alone, the caller
 * learns why nothing can be compared yet.
 */
export function membersSentence(members: TogetherWire['members'], nameOf: (member: NamedMember) => string): string {
  if (members.length < 2) return 'Only your own feelings count here: no other member of this book shares theirs yet.';
  return `Feelings of ${namesText(members.map(nameOf))}.`;
}
