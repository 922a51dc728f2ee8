import { describe, expect, it } from 'vitest';
import { hourlyMaximaByDay, type InstanceHourMetrics, idleRuleDays } from './instance-metric-days.ts';

const hour = (iso: string, more: Partial<InstanceHourMetrics> = {}): InstanceHourMetrics => ({
  hour: iso,
  cpuMaxPercent: 5,
  cpuAveragePercent: 3,
  networkInBytes: 1_000,
  networkOutBytes: 500,
  memoryMaxPercent: null,
  ...more,
});

describe('days for the idle rule', () => {
  it("take the day's highest hourly CPU and sum its network bytes", () => {
    const days = idleRuleDays([
      hour('2026-11-20T00:00:00.000Z', { cpuMaxPercent: 2 }),
      hour('2026-11-20T13:00:00.000Z', { cpuMaxPercent: 9.5, networkInBytes: 4_000 }),
      hour('2026-11-21T23:00:00.000Z', { cpuMaxPercent: 1 }),
    ]);
    expect(days).toEqual([
      { date: '2026-11-20', maxCpuPercent: 9.5, networkInBytes: 5_000, networkOutBytes: 1_000 },
      { date: '2026-11-21', maxCpuPercent: 1, networkInBytes: 1_000, networkOutBytes: 500 },
    ]);
  });
  it('cut days at midnight UTC', () => {
    const days = idleRuleDays([hour('2026-11-20T23:00:00.000Z'), hour('2026-11-21T00:00:00.000Z')]);
    expect(days.map((day) => day.date)).toEqual(['2026-11-20', '2026-11-21']);
  });
  it('leave a metric unknown when no hour of the day has it', () => {
    const [day] = idleRuleDays([
      hour('2026-11-20T05:00:00.000Z', { cpuMaxPercent: null, networkOutBytes: null }),
    ]);
    expect(day).toMatchObject({ maxCpuPercent: null, networkInBytes: 1_000, networkOutBytes: null });
  });
});

describe('hourly maxima for rightsizing', () => {
  it('keep every hour of CPU, and memory only where the agent reported it', () => {
    const hours = [
      hour('2026-11-20T00:00:00.000Z', { cpuMaxPercent: 12, memoryMaxPercent: 40 }),
      hour('2026-11-20T01:00:00.000Z', { cpuMaxPercent: 30 }),
    ];
    expect(hourlyMaximaByDay(hours, 'cpu')).toEqual([{ date: '2026-11-20', hourlyMax: [12, 30] }]);
    expect(hourlyMaximaByDay(hours, 'memory')).toEqual([{ date: '2026-11-20', hourlyMax: [40] }]);
  });
});
