import { describe, expect, it } from 'vitest';
import { UNRESTRICTED } from './cost-scope.ts';
import {
  ACTION_RATE_LIMIT,
  ACTION_ROLE_ACTIONS,
  actionRolePolicy,
  mayApprove,
  nothingToUndoMessage,
  planInstanceOperation,
  rateLimitRetryAt,
  runStatus,
} from './resource-actions.ts';

const instance = (instanceId: string, state: string, tags: Record<string, string> = {}) => ({
  instanceId,
  state,
  tags,
});

describe('planInstanceOperation', () => {
  it('stops a running instance and has nothing to do for a stopped or stopping one', () => {
    expect(
      planInstanceOperation('stop', [
        instance('i-1', 'running'),
        instance('i-2', 'stopped'),
        instance('i-3', 'stopping'),
      ]),
    ).toEqual([
      { instanceId: 'i-1', outcome: 'change', stateBefore: 'running', stateAfter: 'stopped' },
      {
        instanceId: 'i-2',
        outcome: 'nothing-to-do',
        stateBefore: 'stopped',
        reason: 'Nothing to do: it is already stopped.',
      },
      {
        instanceId: 'i-3',
        outcome: 'nothing-to-do',
        stateBefore: 'stopping',
        reason: 'Nothing to do: it is already stopping.',
      },
    ]);
  });

  it('refuses a protected instance naming its tag, whatever its state', () => {
    const [step] = planInstanceOperation('stop', [
      instance('i-1', 'running', { 'spendguard:protect': 'true' }),
    ]);
    expect(step?.outcome).toBe('refused');
    expect(step && 'reason' in step ? step.reason : '').toContain('spendguard:protect=true');
  });

  it('does not take spendguard:protect=false or another value as protection', () => {
    const [step] = planInstanceOperation('stop', [
      instance('i-1', 'running', { 'spendguard:protect': 'false' }),
    ]);
    expect(step?.outcome).toBe('change');
  });

  it('starts a stopped instance; a terminated or stopping one cannot be started', () => {
    expect(
      planInstanceOperation('start', [
        instance('i-1', 'stopped'),
        instance('i-2', 'terminated'),
        instance('i-3', 'stopping'),
        instance('i-4', 'running'),
      ]).map((step) => step.outcome),
    ).toEqual(['change', 'refused', 'refused', 'nothing-to-do']);
  });
});

describe('mayApprove', () => {
  const resource = { accountId: '746251839027', tags: { team: 'data' } };
  it('lets owners and admins approve anything', () => {
    expect(mayApprove('owner', UNRESTRICTED, resource)).toBe(true);
    expect(mayApprove('admin', UNRESTRICTED, resource)).toBe(true);
  });

  it('lets a member approve only what their team scope covers, by account or tag', () => {
    expect(mayApprove('member', { restricted: true, accountIds: ['746251839027'], tags: [] }, resource)).toBe(
      true,
    );
    expect(
      mayApprove(
        'member',
        { restricted: true, accountIds: [], tags: [{ key: 'team', value: 'data' }] },
        resource,
      ),
    ).toBe(true);
    expect(mayApprove('member', { restricted: true, accountIds: ['281947365012'], tags: [] }, resource)).toBe(
      false,
    );
  });

  it('does not let a member in no scoped team approve: nobody gave them the resource', () => {
    expect(mayApprove('member', UNRESTRICTED, resource)).toBe(false);
  });
});

describe('rateLimitRetryAt', () => {
  const now = 1_000_000_000;
  it('allows up to the limit in the window, then says when the oldest counted leaves it', () => {
    const under = Array.from({ length: ACTION_RATE_LIMIT.count - 1 }, (_, index) => now - index * 1000);
    expect(rateLimitRetryAt(under, now)).toBeUndefined();
    const full = [...under, now - 60_000];
    expect(rateLimitRetryAt(full, now)).toBe(now - 60_000 + ACTION_RATE_LIMIT.windowMs);
  });

  it('forgets what is older than the window', () => {
    const old = Array.from({ length: 50 }, () => now - ACTION_RATE_LIMIT.windowMs - 1);
    expect(rateLimitRetryAt(old, now)).toBeUndefined();
  });
});

describe('runStatus', () => {
  it('names a run by what happened to its resources', () => {
    expect(runStatus(['changed', 'changed'])).toBe('done');
    expect(runStatus(['changed', 'failed'])).toBe('partly-done');
    expect(runStatus(['failed', 'refused'])).toBe('failed');
    expect(runStatus(['nothing-to-do'])).toBe('nothing-to-do');
    expect(runStatus(['changed', 'nothing-to-do'])).toBe('done');
  });
});

describe('actionRolePolicy', () => {
  it('allows exactly the six actions, DeleteTags only for its review tag, and denies them on protected resources', () => {
    const [allow, untag, deny, tagDeny] = actionRolePolicy().Statement;
    expect(allow?.Action).toEqual([...ACTION_ROLE_ACTIONS]);
    expect(untag).toMatchObject({
      Action: ['ec2:DeleteTags'],
      Condition: { 'ForAllValues:StringEquals': { 'aws:TagKeys': ['spendguard:review'] } },
    });
    expect(deny?.Effect).toBe('Deny');
    expect(deny?.Action).toContain('ec2:DeleteTags');
    expect(deny?.Condition).toEqual({ StringEquals: { 'aws:ResourceTag/spendguard:protect': 'true' } });
    expect(tagDeny?.Action).toEqual(['ec2:CreateTags', 'ec2:DeleteTags']);
  });
});

describe('nothingToUndoMessage', () => {
  it('says why in words, for each status an undo can find', () => {
    expect(nothingToUndoMessage('undone')).toBe(
      'This action was undone already: there is nothing to put back.',
    );
    expect(nothingToUndoMessage('failed')).toBe(
      'This action failed and changed nothing: there is nothing to put back.',
    );
    expect(nothingToUndoMessage('nothing-to-do')).toBe(
      'This action found nothing to change: there is nothing to put back.',
    );
    expect(nothingToUndoMessage('done')).toBe(
      'This action changed nothing that can be put back: there is nothing to put back.',
    );
  });
});
