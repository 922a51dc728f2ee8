import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  countActions,
  diffNamedObjects,
  diffSingleObject,
  fieldChanges,
} from './config-plan.ts';

const budget = (name: string, amount: number, services: string[] = []) => ({
  name,
  amount_usd: amount,
  filter: { account_ids: [], services, tag: null },
});

describe('planning a section of named objects', () => {
  it('creates what only the file has, deletes what only the organization has, sorted by name', () => {
    const changes = diffNamedObjects(
      'budgets',
      [budget('Old', 5), budget('Same', 10)],
      [budget('Same', 10), budget('New', 7)],
      (b) => b.name,
    );
    expect(changes).toEqual([
      { section: 'budgets', name: 'New', action: 'create', changes: [] },
      { section: 'budgets', name: 'Old', action: 'delete', changes: [] },
      { section: 'budgets', name: 'Same', action: 'unchanged', changes: [] },
    ]);
  });

  it('names each changed field of an update, one level into nested objects', () => {
    const [change] = diffNamedObjects(
      'budgets',
      [budget('AWS', 10)],
      [budget('AWS', 12, ['Amazon EC2'])],
      (b) => b.name,
    );
    expect(change).toEqual({
      section: 'budgets',
      name: 'AWS',
      action: 'update',
      changes: [
        { field: 'amount_usd', before: 10, after: 12 },
        { field: 'filter.services', before: [], after: ['Amazon EC2'] },
      ],
    });
  });

  it('does not see a change in the order of an object’s keys', () => {
    expect(fieldChanges({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 3, c: 2 }, a: 1 })).toEqual([]);
    expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
  });

  it('sees a field the file adds or drops, as null on the missing side', () => {
    expect(fieldChanges({ a: 1 }, { a: 1, b: 2 })).toEqual([{ field: 'b', before: null, after: 2 }]);
  });
});

describe('planning a single object', () => {
  it('updates or leaves it unchanged', () => {
    expect(diffSingleObject('notifications', { recipients: [] }, { recipients: ['a@b.test'] }).action).toBe(
      'update',
    );
    expect(diffSingleObject('notifications', { recipients: [] }, { recipients: [] }).action).toBe(
      'unchanged',
    );
  });
});

it('counts the actions for the summary', () => {
  const changes = diffNamedObjects('teams', [{ slug: 'a' }], [{ slug: 'b' }], (team) => team.slug);
  expect(countActions(changes)).toEqual({ create: 1, update: 0, delete: 1, unchanged: 0 });
});
