import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { MeterAndCommitmentPermissionsNote } from './meter-and-commitment-permissions-note.tsx';

describe('the existing-stack note on the usage meter and commitments', () => {
  it('lists every right an older stack lacks, and says what happens without tag:GetResources', () => {
    renderScreen(<MeterAndCommitmentPermissionsNote />);
    const note = screen.getByTestId('meter-commitment-permissions');
    for (const permission of [
      'cloudwatch:GetMetricData',
      'cloudwatch:ListMetrics',
      'lambda:ListFunctions',
      'tag:GetResources',
      'savingsplans:DescribeSavingsPlans',
      'ec2:DescribeReservedInstances',
      'rds:DescribeReservedDBInstances',
    ]) {
      expect(note.textContent).toContain(permission);
    }
    expect(note.textContent).toMatch(
      /Without tag:GetResources it still meters, but each row says its owner is not known/,
    );
    expect(note.textContent).toMatch(/ec2:DescribeReservedInstances and rds:DescribeReservedDBInstances\./);
  });
});
