import { describe, expect, it } from 'vitest';
import { effectivePlatformRole, isSupportStaff } from './support-staff.ts';

const person = (overrides: Partial<Parameters<typeof effectivePlatformRole>[0]> = {}) => ({
  storedRole: null,
  email: 'agent@example.com',
  emailVerified: true,
  ...overrides,
});

describe('support staff', () => {
  it('are the people granted the support role on their account', () => {
    expect(effectivePlatformRole(person({ storedRole: 'support' }), [])).toBe('support');
  });

  it('include verified addresses the operator lists, whatever their case', () => {
    expect(effectivePlatformRole(person({ email: 'Agent@Example.com' }), ['agent@example.com'])).toBe(
      'support',
    );
  });

  it('never include an unverified address, even when listed', () => {
    expect(effectivePlatformRole(person({ emailVerified: false }), ['agent@example.com'])).toBeNull();
  });

  it('do not include everyone else', () => {
    expect(effectivePlatformRole(person(), ['someone-else@example.com'])).toBeNull();
    expect(isSupportStaff(null)).toBe(false);
    expect(isSupportStaff('support')).toBe(true);
  });
});
