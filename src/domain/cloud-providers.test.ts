import { describe, expect, it } from 'vitest';
import { compareProviders, describeFileProviders, providerLabel } from './cloud-providers.ts';

describe('cloud providers', () => {
  it('reads the FOCUS provider names as people know the clouds', () => {
    expect(providerLabel('AWS')).toBe('AWS');
    expect(providerLabel('Microsoft')).toBe('Microsoft Azure');
    expect(providerLabel('Google Cloud')).toBe('Google Cloud');
    expect(providerLabel('Oracle')).toBe('Oracle Cloud');
    expect(providerLabel('Alibaba Cloud')).toBe('Alibaba Cloud');
  });

  it('lists AWS first, then the others by name', () => {
    expect(['Oracle', 'Microsoft', 'AWS', 'Google Cloud'].sort(compareProviders)).toEqual([
      'AWS',
      'Google Cloud',
      'Microsoft',
      'Oracle',
    ]);
  });

  it('notes the providers of a mixed file with what each cost, AWS first', () => {
    expect(
      describeFileProviders([
        { provider: 'Microsoft', cost: 1.976514 },
        { provider: 'AWS', cost: 19.764441 },
      ]),
    ).toBe('Providers: AWS $19.76, Microsoft Azure $1.98.');
  });

  it('says nothing about a file of AWS alone', () => {
    expect(describeFileProviders([{ provider: 'AWS', cost: 10 }])).toBeNull();
    expect(describeFileProviders([])).toBeNull();
  });
});
