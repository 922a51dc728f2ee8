import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UsageMeterView } from '../../../../contracts/usage-meter.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { UsageMeterPanel } from './usage-meter-panel.tsx';

const service = (
  name: string,
  state: 'metered' | 'failing' | 'not-metered',
  error: string | null = null,
) => ({
  service: name,
  state,
  error,
  last_read_at: null,
  read_every_seconds: name === 'lambda' ? 1800 : 300,
});

const view: UsageMeterView = {
  rows: [],
  interval_seconds: 300,
  meters: [
    {
      integration_id: 'i-1',
      regions: [],
      services: [
        service('nat-gateway', 'metered'),
        service(
          'lambda',
          'failing',
          'The role lacks lambda:ListFunctions in us-east-1 (AccessDeniedException), so Lambda function usage is not metered there.',
        ),
        service('bedrock', 'not-metered'),
      ],
      metrics_requested: 1234,
      left_out: 5,
      monthly_cost_usd: 1.77,
      accuracy: [
        {
          service: 'nat-gateway',
          day: '2026-12-04',
          metered_usd: 41.2,
          billed_usd: 42.05,
          error: -0.0202,
          reason: null,
          line: 'NAT gateway: metered $41.20, billed $42.05, -2.0% (Dec 4)',
        },
        {
          service: 'ec2-egress',
          day: '2026-12-04',
          metered_usd: 14,
          billed_usd: 10,
          error: 0.4,
          reason:
            'EC2 bytes out counts traffic within AWS as well as to the internet: an estimate, billed only for internet egress',
          line: 'EC2 bytes out: metered $14.00, billed $10.00, +40.0% (Dec 4)',
        },
      ],
    },
  ],
};

describe("the usage meter on an integration's card", () => {
  it('shows each service’s state, names a refused permission, counts datapoints left out, and the monthly cost', () => {
    renderScreen(<UsageMeterPanel integrationId="i-1" />, {
      answers: [[[...queryKeys.usageMeter.all, 'i-1'], view]],
    });
    expect(screen.getByText('$1.77 a month')).toBeTruthy();
    expect(screen.getByText('Metered')).toBeTruthy();
    expect(screen.getByText('Not read')).toBeTruthy();
    expect(screen.getByText('Off')).toBeTruthy();
    expect(screen.getByText(/lacks lambda:ListFunctions in us-east-1/)).toBeTruthy();
    expect(screen.getByText('every 30 min')).toBeTruthy();
    expect(screen.getByTestId('usage-meter-left-out').textContent).toMatch(
      /^5 datapoints dated in the future/,
    );
  });

  it('shows the meter against the bill per service, with the reason where beyond 10%', () => {
    renderScreen(<UsageMeterPanel integrationId="i-1" />, {
      answers: [[[...queryKeys.usageMeter.all, 'i-1'], view]],
    });
    const lines = screen.getAllByTestId('usage-meter-accuracy').map((line) => line.textContent);
    expect(lines).toEqual([
      'NAT gateway: metered $41.20, billed $42.05, -2.0% (Dec 4)',
      'EC2 bytes out: metered $14.00, billed $10.00, +40.0% (Dec 4): EC2 bytes out counts traffic within AWS as well as to the internet: an estimate, billed only for internet egress',
    ]);
  });
});
