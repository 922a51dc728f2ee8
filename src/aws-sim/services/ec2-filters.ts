import type { FleetInstance } from '../company/fleet.ts';
import { AwsError } from '../protocol/aws-error.ts';
import { instanceState, instanceTags } from './ec2-instances-xml.ts';

/** `Filter.1.Name=x&Filter.1.Value.1=y` as [{ name, values }]. */
export function queryFilters(params: URLSearchParams): Array<{ name: string; values: string[] }> {
  const filters: Array<{ name: string; values: string[] }> = [];
  for (let index = 1; params.has(`Filter.${index}.Name`); index += 1) {
    const values: string[] = [];
    for (let value = 1; params.has(`Filter.${index}.Value.${value}`); value += 1) {
      values.push(params.get(`Filter.${index}.Value.${value}`) ?? '');
    }
    filters.push({ name: params.get(`Filter.${index}.Name`) ?? '', values });
  }
  return filters;
}

/** `InstanceId.1=a&InstanceId.2=b` as a list. */
export function numberedParams(params: URLSearchParams, name: string): string[] {
  const values: string[] = [];
  for (let index = 1; params.has(`${name}.${index}`); index += 1)
    values.push(params.get(`${name}.${index}`) ?? '');
  return values;
}

/** EC2 filter values accept * and ? wildcards. */
function matches(value: string | undefined, patterns: string[]): boolean {
  if (value === undefined) return false;
  return patterns.some((pattern) => {
    const regex = new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replaceAll('*', '.*')
        .replaceAll('?', '.')}$`,
    );
    return regex.test(value);
  });
}

function instanceField(instance: FleetInstance, filterName: string): string | undefined | 'tag-key' {
  switch (filterName) {
    case 'instance-state-name':
      return instanceState(instance).name;
    case 'instance-type':
      return instance.instanceType;
    case 'instance-id':
      return instance.instanceId;
    case 'availability-zone':
      return instance.availabilityZone;
    case 'vpc-id':
      return instance.vpcId;
    case 'tag-key':
      return 'tag-key';
    default:
      if (filterName.startsWith('tag:')) return instanceTags(instance)[filterName.slice(4)];
      throw new AwsError('InvalidParameterValue', `The filter '${filterName}' is invalid`);
  }
}

export function passesFilters(
  instance: FleetInstance,
  filters: Array<{ name: string; values: string[] }>,
): boolean {
  return filters.every((filter) => {
    const field = instanceField(instance, filter.name);
    if (field === 'tag-key')
      return Object.keys(instanceTags(instance)).some((key) => matches(key, filter.values));
    return matches(field, filter.values);
  });
}
