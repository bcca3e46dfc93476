/**
 * The import job of the Import Transactions modal, followed from upload to its end: progress
 * events (kept while the upload's answer has not named the job yet), polling in case an event is
 * lost, and one read of a job that the progress event said had failed (it knows the columns to map).
 */
import { useEffect, useReducer, useRef } from 'react';
import { useUserEvent } from '../../lib/events';
import { IMPORT_PROGRESS_EVENT, fetchImport, toImportProgress, type ImportProgressEvent } from './api';
import { INITIAL_IMPORT, importReducer } from './import-state';

/** The job is asked for this often while no event says it is done (events can be lost). */
const POLL_MS = 1500;
/** 'Upload complete. Processing transactions...' is shown at least this long. */
const PROCESSING_SHOWN_MS = 400;

export function useImportJob() {
  const [state, dispatch] = useReducer(importReducer, INITIAL_IMPORT);
  // Progress may arrive before the upload's answer names the job: keep it to replay then.
  const early = useRef<ImportProgressEvent[]>([]);
  const currentJob = useRef<number | null>(null);
  const { jobId, phase, importProgress, job } = state;

  useUserEvent(IMPORT_PROGRESS_EVENT, (data) => {
    const event = toImportProgress(data);
    if (!event) return;
    if (currentJob.current === null) early.current.push(event);
    else dispatch({ type: 'progress', event });
  });

  const working = phase === 'processing' || phase === 'categorizing';
  const reachedEnd = phase === 'categorizing' && importProgress >= 100;
  useEffect(() => {
    if (jobId === null || !working) return;
    let stopped = false;
    const check = () =>
      fetchImport(jobId).then(
        (job) => {
          if (!stopped && (job.status === 'completed' || job.status === 'failed'))
            dispatch({ type: 'finished', job });
        },
        () => undefined,
      );
    if (reachedEnd) void check();
    const timer = window.setInterval(() => void check(), POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [jobId, working, reachedEnd]);

  // 'Upload complete. Processing transactions...' stays up a moment before the progress that
  // came meanwhile is applied, so that state is seen even when the server is quicker than that.
  useEffect(() => {
    if (phase !== 'processing' || jobId === null) return;
    const timer = window.setTimeout(() => {
      currentJob.current = jobId;
      const replay = early.current;
      early.current = [];
      replay.forEach((event) => dispatch({ type: 'progress', event }));
    }, PROCESSING_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [phase, jobId]);

  // A failure reported by the progress event: read the job once for what it knows (columns to map).
  const failedJobUnread = phase === 'failed' && jobId !== null && job !== null && job.status !== 'failed';
  useEffect(() => {
    if (!failedJobUnread || jobId === null) return;
    fetchImport(jobId).then(
      (read) => dispatch({ type: 'finished', job: read }),
      () => undefined,
    );
  }, [failedJobUnread, jobId]);

  /** Forgets the last job's events: the next upload's job is followed from its start. */
  const watchNewJob = () => {
    early.current = [];
    currentJob.current = null;
  };
  return { state, dispatch, watchNewJob };
}
