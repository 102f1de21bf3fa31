/**
 * The one job interface (issue 17): a named queue of jobs, each naming what it works on by a key (a version
 * id for a conversion). Two implementations: the in-process queue (SQLite, one server: today's behaviour)
 * and pg-boss on PostgreSQL, where any of several servers takes each job exactly once and a job whose server
 * died is taken by another after its heartbeat runs out.
 *
 * A handler that returns has finished its job (a model that cannot be converted is a finished job: its
 * failure is recorded by the handler). A handler that throws leaves the job to be tried again (pg-boss:
 * by any server, up to its retry limit; in process: at the next start, from the job's own table).
 */
export type JobHandler = (key: string) => Promise<void>;

export interface JobQueue {
  readonly kind: 'in-process' | 'pg-boss';
  /** Starts taking jobs of `name` with `handler`, one at a time on this server. */
  work(name: string, handler: JobHandler): Promise<void>;
  /** Queues a job for `key`; one already waiting for the same key is not queued twice. */
  send(name: string, key: string): Promise<void>;
  /**
   * Queues a job for `key` unless one is waiting or running anywhere: at start, for the jobs the job's own
   * table says are unfinished (a server stopped with them, or they were recorded before this queue).
   */
  resume(name: string, key: string): Promise<void>;
  /** Resolves when the jobs of `name` this server sent have finished (on whichever server ran them). */
  idle(name: string): Promise<void>;
  /** Stops taking jobs; a job running here is left to be tried again. */
  close(): Promise<void>;
}
