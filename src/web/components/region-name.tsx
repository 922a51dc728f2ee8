/** An AWS region code kept on one line: a narrow screen would break "us-east-1" at its hyphen. */
export function RegionName({ region }: { region: string }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{region}</span>;
}
