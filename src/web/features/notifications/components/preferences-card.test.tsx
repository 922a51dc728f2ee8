import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '../../../../contracts/alerts.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { PreferencesCard } from './preferences-card.tsx';

const preferences: NotificationPreferences = {
  email: true,
  slack: false,
  digest: 'off',
  kinds: ['budget', 'launch'],
  extra_recipients: [],
};

describe('the preferences card', () => {
  it('offers each alert kind once, checked as the person chose', () => {
    renderScreen(<PreferencesCard manages={false} />, {
      answers: [[queryKeys.notificationPreferences, preferences]],
    });

    const group = screen.getByRole('group', { name: 'Alert kinds I receive' });
    const labels = [
      'Budgets',
      'Cost thresholds',
      'Anomalies',
      'Idle EC2',
      'Launches',
      'Live spend (metered usage)',
      'Commitments (Savings Plans, reservations)',
    ];
    for (const label of labels) {
      expect(screen.getAllByRole('checkbox', { name: label })).toHaveLength(1);
    }
    expect(group.querySelectorAll('input[type="checkbox"]')).toHaveLength(7);
    expect(screen.getByRole('checkbox', { name: 'Budgets' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Launches' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Anomalies' })).toHaveProperty('checked', false);
  });

  it("lets only owners and admins edit the organization's extra recipients", () => {
    const member = renderScreen(<PreferencesCard manages={false} />, {
      answers: [[queryKeys.notificationPreferences, preferences]],
    });
    expect(screen.queryByText('Extra recipients for the organization')).toBeNull();
    member.unmount();

    renderScreen(<PreferencesCard manages={true} />, {
      answers: [[queryKeys.notificationPreferences, preferences]],
    });
    expect(screen.getByText('Extra recipients for the organization')).toBeTruthy();
  });
});
