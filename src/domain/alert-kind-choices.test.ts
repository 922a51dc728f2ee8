import { describe, expect, it } from 'vitest';
import { kindsTurnedOff, kindsTurnedOn } from './alert-kind-choices.ts';

const BEFORE = ['budget', 'cost-threshold', 'anomaly', 'idle-ec2'] as const;
const NOW = [...BEFORE, 'launch'] as const;

describe('alert kinds a person turned off', () => {
  it('keeps a kind added after the choice was saved on', () => {
    const saved = kindsTurnedOff(BEFORE, ['budget', 'cost-threshold', 'idle-ec2']);
    expect(saved).toEqual(['anomaly']);
    expect(kindsTurnedOn(NOW, saved)).toEqual(['budget', 'cost-threshold', 'idle-ec2', 'launch']);
  });

  it('turns everything on when nothing was saved, and a kind that no longer exists changes nothing', () => {
    expect(kindsTurnedOn(NOW, null)).toEqual([...NOW]);
    expect(kindsTurnedOn(NOW, undefined)).toEqual([...NOW]);
    expect(kindsTurnedOn(NOW, ['retired-kind', 'launch'])).toEqual([...BEFORE]);
  });

  it('stores an empty choice as every kind off', () => {
    expect(kindsTurnedOn(NOW, kindsTurnedOff(NOW, []))).toEqual([]);
  });
});
