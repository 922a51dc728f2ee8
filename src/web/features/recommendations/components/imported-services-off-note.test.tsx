import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render-screen.tsx';
import { ImportedServicesOffNote } from './imported-services-off-note.tsx';

const STAGING = '593018274650';
const DATA = '746251839027';
const noteTitled = (title: string) => screen.getByText(title).closest('[role="alert"]')?.textContent ?? '';

describe("the note on AWS's recommendation services that are off", () => {
  it('says once when an account has both off, naming each and what turning it on would bring', () => {
    renderScreen(
      <ImportedServicesOffNote off={{ computeOptimizer: [STAGING], costOptimizationHub: [STAGING] }} />,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    const note = noteTitled('Compute Optimizer and Cost Optimization Hub are off');
    expect(note).toContain(`Account ${STAGING} has both turned off`);
    expect(note).toContain('Compute Optimizer: its rightsizing, Graviton and idle recommendations');
    expect(note).toContain('Turn it on from the Compute Optimizer console.');
    expect(note).toContain('Cost Optimization Hub: its recommendations for instances, volumes and databases');
    expect(note).toContain('Turn it on from the Billing and Cost Management console.');
    expect(screen.queryByText('Compute Optimizer is off')).toBeNull();
  });

  it('names the accounts of each service when they differ', () => {
    renderScreen(
      <ImportedServicesOffNote off={{ computeOptimizer: [STAGING], costOptimizationHub: [STAGING, DATA] }} />,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    const note = noteTitled('Compute Optimizer and Cost Optimization Hub are off');
    expect(note).toContain(`Compute Optimizer (off in ${STAGING}): `);
    expect(note).toContain(`Cost Optimization Hub (off in ${STAGING}, ${DATA}): `);
  });

  it("keeps each service's own note when only one is off, and says nothing when none is", () => {
    const hubOnly = renderScreen(
      <ImportedServicesOffNote off={{ computeOptimizer: [], costOptimizationHub: [STAGING, DATA] }} />,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(noteTitled('Cost Optimization Hub is off')).toContain(
      `Accounts ${STAGING}, ${DATA} have AWS Cost Optimization Hub turned off`,
    );
    hubOnly.unmount();
    const optimizerOnly = renderScreen(
      <ImportedServicesOffNote off={{ computeOptimizer: [STAGING], costOptimizationHub: [] }} />,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(noteTitled('Compute Optimizer is off')).toContain('Turn it on from the Compute Optimizer console');
    optimizerOnly.unmount();
    renderScreen(<ImportedServicesOffNote off={{ computeOptimizer: [], costOptimizationHub: [] }} />);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });
});
