import { describe, expect, it } from 'vitest';
import { createSignal } from './signal.ts';

function loggedSignal() {
  const logged: Array<{ details: object; message: string }> = [];
  const signal = createSignal<{ organizationId: string }>({
    failure: 'a reaction failed',
    detailsOf: (event) => ({ organizationId: event.organizationId }),
    log: { error: (details, message) => logged.push({ details, message }) },
  });
  return { signal, logged };
}

describe('a signal', () => {
  it('runs its reactions in the order they subscribed, each finished before the next starts', async () => {
    const { signal } = loggedSignal();
    const seen: string[] = [];
    signal.subscribe(async (event) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(`first ${event.organizationId}`);
    });
    signal.subscribe((event) => {
      seen.push(`second ${event.organizationId}`);
    });

    await signal.emit({ organizationId: 'org-1' });

    expect(seen).toEqual(['first org-1', 'second org-1']);
  });

  it('logs a reaction that throws, with the event named, and still runs the ones after it', async () => {
    const { signal, logged } = loggedSignal();
    const failure = new Error('the database went away');
    const seen: string[] = [];
    signal.subscribe(() => {
      throw failure;
    });
    signal.subscribe(async () => {
      seen.push('after the failure');
    });

    await expect(signal.emit({ organizationId: 'org-2' })).resolves.toBeUndefined();

    expect(seen).toEqual(['after the failure']);
    expect(logged).toEqual([
      { details: { err: failure, organizationId: 'org-2' }, message: 'a reaction failed' },
    ]);
  });

  it('emitted with nobody subscribed does nothing', async () => {
    const { signal, logged } = loggedSignal();
    await signal.emit({ organizationId: 'org-3' });
    expect(logged).toEqual([]);
  });
});
