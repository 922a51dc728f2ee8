/** The account an IAM role ARN names (`arn:aws:iam::<account>:role/Name`); undefined when it names none. */
export function accountOfRoleArn(roleArn: string): string | undefined {
  return roleArn.split(':')[4];
}
