/**
 * A typed signal: one thing that happened in a module, which other modules react to. The module that
 * owns the happening emits it; app.ts's "Reactions between modules" section subscribes every reaction,
 * so the whole list of who reacts to what reads in one place (decision 088).
 */

export type SignalListener<Event> = (event: Event) => void | Promise<void>;

export interface Signal<Event> {
  /** Adds a reaction; reactions run in the order they were added. */
  subscribe(listener: SignalListener<Event>): void;
  /**
   * Runs every reaction, one after the other, each awaited before the next. A reaction that throws is
   * logged and the next still runs: what the emitter did (an ingest, stored launch changes) stands, and
   * the schedule looks again. Never throws.
   */
  emit(event: Event): Promise<void>;
}

export interface SignalOptions<Event> {
  /** The log line of a failed reaction, e.g. 'a listener failed after an ingest'. */
  failure: string;
  /** The fields logged beside the error, e.g. `{ integrationId }`. */
  detailsOf: (event: Event) => object;
  log: { error(details: object, message: string): void };
}

export function createSignal<Event>(options: SignalOptions<Event>): Signal<Event> {
  const listeners: SignalListener<Event>[] = [];
  return {
    subscribe(listener) {
      listeners.push(listener);
    },
    async emit(event) {
      for (const listener of listeners) {
        try {
          await listener(event);
        } catch (error) {
          options.log.error({ err: error, ...options.detailsOf(event) }, options.failure);
        }
      }
    },
  };
}
