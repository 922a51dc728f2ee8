/**
 * Which kinds of alert a person (or the organization's Slack channel) receives, stored as the kinds
 * they turned off (decision 047). A kind added later (as `launch` was) reaches everyone who
 * has not turned it off, instead of nobody who once saved a list of the kinds they wanted.
 */

/** The kinds turned on: every kind there is, but those turned off. Anything stored that is not a list turns nothing off. */
export function kindsTurnedOn<Kind extends string>(allKinds: readonly Kind[], turnedOff: unknown): Kind[] {
  const off = new Set(Array.isArray(turnedOff) ? turnedOff : []);
  return allKinds.filter((kind) => !off.has(kind));
}

/** What to store for a choice of kinds turned on: the kinds there are now that it leaves out. */
export function kindsTurnedOff<Kind extends string>(
  allKinds: readonly Kind[],
  turnedOn: readonly Kind[],
): Kind[] {
  const on = new Set(turnedOn);
  return allKinds.filter((kind) => !on.has(kind));
}
