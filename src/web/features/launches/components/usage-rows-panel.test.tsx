import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UsageMeterView } from '../../../../contracts/usage-meter.ts';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { UsageRowsPanel } from './usage-rows-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const row = (patch: Partial<UsageMeterView['rows'][number]>): UsageMeterView['rows'][number] => ({
  integration_id: 'i-1',
  region: 'us-east-1',
  service: 'nat-gateway',
  charge: 'nat-gateway-data-processed',
  resource_id: 'nat-0abc',
  resource_label: 'NAT gateway nat-0abc',
  unit: 'GB',
  estimate: null,
  stopped: null,
  last_hour_quantity: 182,
  today_quantity: 400,
  usd_per_hour: 8.19,
  usd_per_day: 196.56,
  today_usd: 18,
  last_datapoint_at: '2026-12-06T09:55:00Z',
  price_unknown_reason: null,
  price_source: 'table',
  tags: { team: 'platform', project: 'shared-network' },
  owner: { name: 'platform', tag: 'team', note: null },
  ...patch,
});

function answer(rows: UsageMeterView['rows'], intervalSeconds = 300) {
  const view: UsageMeterView = { rows, meters: [], interval_seconds: intervalSeconds };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(view), { status: 200 })),
  );
}

describe('the live usage rows', () => {
  it('shows each metered resource with its GB, $ an hour and $ a day, and "price unknown" rather than $0', async () => {
    answer([
      row({}),
      row({
        resource_id: 'nat-0def',
        resource_label: 'NAT gateway nat-0def',
        region: 'me-central-1',
        usd_per_hour: null,
        usd_per_day: null,
        price_unknown_reason: 'The price table has no price for me-central-1',
      }),
    ]);
    renderScreen(<UsageRowsPanel timeZone="UTC" />);
    expect(await screen.findAllByText('NAT gateway nat-0abc')).not.toHaveLength(0);
    expect(screen.getAllByText('182 GB').length).toBeGreaterThan(0);
    expect(screen.getAllByText(/\$8\.19/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/\$196\.56/).length).toBeGreaterThan(0);
    expect(screen.getAllByText('price unknown').length).toBeGreaterThan(0);
  });

  it('labels EC2 bytes out as an estimate, and a deleted resource’s row as stopped with no $ an hour', async () => {
    answer([
      row({
        service: 'ec2-egress',
        charge: 'ec2-internet-egress-estimate',
        resource_id: 'i-0abc',
        resource_label: 'EC2 instance i-0abc',
        estimate: 'An estimate: CloudWatch cannot tell internet egress from traffic inside AWS.',
      }),
      row({
        service: 'lambda',
        charge: 'lambda-gb-seconds',
        unit: 'GB-seconds',
        resource_id: 'checkout-fn-01',
        resource_label: 'Lambda function checkout-fn-01',
        usd_per_hour: null,
        usd_per_day: null,
        stopped: 'No longer listed by AWS since the read at 2026-12-06T09:55:00Z (deleted or idle).',
      }),
    ]);
    renderScreen(<UsageRowsPanel timeZone="UTC" />);
    expect(await screen.findAllByText('EC2 instance i-0abc')).not.toHaveLength(0);
    expect(screen.getAllByText('estimate').length).toBeGreaterThan(0);
    expect(screen.getAllByText('bytes out, as internet egress · us-east-1').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Lambda function checkout-fn-01').length).toBeGreaterThan(0);
    expect(screen.getAllByText('stopped').length).toBeGreaterThan(0);
  });

  it('names each resource’s owner from its tags, says "no owner tag" when none names one, and why it is not known', async () => {
    answer([
      row({}),
      row({
        resource_id: '/aws/app/prod-04',
        resource_label: 'Log group /aws/app/prod-04',
        tags: {},
        owner: { name: null, tag: null, note: 'no owner tag' },
      }),
      row({
        resource_id: 'anthropic.claude-3-haiku',
        resource_label: 'Bedrock model anthropic.claude-3-haiku',
        tags: null,
        owner: { name: null, tag: null, note: "not known: a Bedrock foundation model is AWS's" },
      }),
    ]);
    renderScreen(<UsageRowsPanel timeZone="UTC" />);
    expect((await screen.findAllByText('platform')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('tag team').length).toBeGreaterThan(0);
    expect(screen.getAllByText('no owner tag').length).toBeGreaterThan(0);
    expect(screen.getAllByText('not known').length).toBeGreaterThan(0);
  });

  it('shows nothing while no resource is metered', async () => {
    answer([]);
    const { container } = renderScreen(<UsageRowsPanel timeZone="UTC" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.querySelector('[data-testid="usage-rows"]')).toBeNull();
  });

  it('says how often the meter reads in seconds when it reads more than once a minute', async () => {
    answer([row({})], 5);
    renderScreen(<UsageRowsPanel timeZone="UTC" />);
    expect(await screen.findByText(/Read from CloudWatch every 5 seconds at list prices/)).toBeTruthy();
  });

  it('lists the ten costliest of 120 rows by $ an hour, and every row after "show all"', async () => {
    answer(
      Array.from({ length: 120 }, (_, index) =>
        row({
          resource_id: `fn-${String(index).padStart(3, '0')}`,
          resource_label: `Lambda function fn-${String(index).padStart(3, '0')}`,
          usd_per_hour: 120 - index,
        }),
      ),
    );
    renderScreen(<UsageRowsPanel timeZone="UTC" />);
    expect(await screen.findByText('The 10 costliest of 120 by $ an hour')).toBeTruthy();
    expect(screen.getAllByText('Lambda function fn-009').length).toBeGreaterThan(0);
    expect(screen.queryByText('Lambda function fn-010')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 120 (110 more)' }));
    expect((await screen.findAllByText('Lambda function fn-119')).length).toBeGreaterThan(0);
    expect(screen.getByText('All 120 metered resources')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show the top 10' }));
    expect(screen.queryByText('Lambda function fn-119')).toBeNull();
  }, 60_000);
});
