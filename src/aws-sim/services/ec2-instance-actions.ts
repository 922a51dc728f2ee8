import type { FleetInstance } from '../company/fleet.ts';
import type { ApiCaller } from '../company/launch-event-envelopes.ts';
import { AwsError } from '../protocol/aws-error.ts';
import type { CallContext } from '../protocol/service-handler.ts';
import { items, type XmlElements } from '../protocol/xml.ts';
import { numberedParams } from './ec2-filters.ts';
import { instanceState, type SimInstanceStateName, STATE_CODES } from './ec2-instances-xml.ts';

/** The tag the action role's policy refuses to act on (its Deny statement's condition). */
export const PROTECT_TAG = { key: 'spendguard:protect', value: 'true' } as const;
/** The one tag the action role may delete: the review tag its "tag for later" wrote. */
const REVIEW_TAG = 'spendguard:review';

/** What the EC2 handler may change in the fleet: state changes go through the fleet's activity. */
export interface InstanceControl {
  changeState(caller: ApiCaller, instances: FleetInstance[], to: 'stopped' | 'running'): void;
}

const DRY_RUN = () =>
  new AwsError('DryRunOperation', 'Request would have succeeded, but DryRun flag is set.', 412);

function callerOf(context: CallContext): ApiCaller {
  const { identity } = context;
  const assumed = identity.arn.includes(':assumed-role/');
  return {
    accountId: identity.accountId,
    region: context.region,
    userName: identity.arn.split('/').pop() ?? 'unknown',
    assumedRoleArn: assumed ? identity.arn : undefined,
  };
}

/** The instances named `InstanceId.N` (or `ResourceId.N`) in the caller's account and region. */
function namedInstances(fleet: FleetInstance[], context: CallContext, parameter: string): FleetInstance[] {
  const ids = numberedParams(context.request.params, parameter);
  if (ids.length === 0)
    throw new AwsError('MissingParameter', `The request must contain the parameter ${parameter}`);
  const inScope = fleet.filter(
    (instance) => instance.accountId === context.identity.accountId && instance.region === context.region,
  );
  const unknown = ids.filter((id) => !inScope.some((instance) => instance.instanceId === id));
  if (unknown.length === 1)
    throw new AwsError('InvalidInstanceID.NotFound', `The instance ID '${unknown[0]}' does not exist`);
  if (unknown.length > 1)
    throw new AwsError('InvalidInstanceID.NotFound', `The instance IDs '${unknown.join(', ')}' do not exist`);
  return ids.map((id) => inScope.find((instance) => instance.instanceId === id) as FleetInstance);
}

/**
 * The action role's Deny: an assumed role may not act on an instance tagged spendguard:protect=true.
 * AWS answers UnauthorizedOperation for the whole call, naming the explicit deny.
 */
function refuseProtected(instances: FleetInstance[], context: CallContext, action: string) {
  if (!context.identity.arn.includes(':assumed-role/')) return;
  const protectedOne = instances.find(
    (instance) => instance.extraTags?.[PROTECT_TAG.key] === PROTECT_TAG.value,
  );
  if (!protectedOne) return;
  const arn = `arn:aws:ec2:${context.region}:${protectedOne.accountId}:instance/${protectedOne.instanceId}`;
  throw new AwsError(
    'UnauthorizedOperation',
    `You are not authorized to perform this operation. User: ${context.identity.arn} is not authorized to perform: ${action} on resource: ${arn} with an explicit deny in an identity-based policy`,
    403,
  );
}

const isDryRun = (context: CallContext) => context.request.params.get('DryRun') === 'true';

function stateItem(instance: FleetInstance, previous: SimInstanceStateName, current: SimInstanceStateName) {
  return {
    instanceId: instance.instanceId,
    currentState: { code: STATE_CODES[current], name: current },
    previousState: { code: STATE_CODES[previous], name: previous },
  };
}

/**
 * StopInstances and StartInstances: DryRun answers DryRunOperation once the rights and the ids are
 * checked; an instance between states answers IncorrectInstanceState; one already in the target state
 * answers its state unchanged, as EC2 does.
 */
export function changeInstancesState(
  fleet: FleetInstance[],
  control: InstanceControl,
  context: CallContext,
  to: 'stopped' | 'running',
): { instancesSet: XmlElements } {
  const action = to === 'stopped' ? 'ec2:StopInstances' : 'ec2:StartInstances';
  const instances = namedInstances(fleet, context, 'InstanceId');
  refuseProtected(instances, context, action);
  if (isDryRun(context)) throw DRY_RUN();
  const blocking = to === 'stopped' ? 'pending' : 'stopping';
  const stuck = instances.find((instance) => [blocking, 'terminated'].includes(instanceState(instance).name));
  if (stuck)
    throw new AwsError(
      'IncorrectInstanceState',
      `The instance '${stuck.instanceId}' is not in a state from which it can be ${to === 'stopped' ? 'stopped' : 'started'}.`,
    );
  const before = instances.map((instance) => instanceState(instance).name);
  const changing = instances.filter((_, index) => before[index] !== to);
  control.changeState(callerOf(context), changing, to);
  const moving: SimInstanceStateName = to === 'stopped' ? 'stopping' : 'pending';
  return {
    instancesSet: items(
      instances.map((instance, index) => {
        const previous = before[index] as SimInstanceStateName;
        return stateItem(instance, previous, previous === to ? to : moving);
      }),
    ),
  };
}

function tagParams(params: URLSearchParams): Array<[string, string | undefined]> {
  const tags: Array<[string, string | undefined]> = [];
  for (let index = 1; params.has(`Tag.${index}.Key`); index += 1)
    tags.push([params.get(`Tag.${index}.Key`) ?? '', params.get(`Tag.${index}.Value`) ?? undefined]);
  return tags;
}

/**
 * CreateTags and DeleteTags on instances: the same deny on protected ones, and `spendguard:protect`
 * itself may be neither set nor removed by the action role. DeleteTags with a value removes the tag
 * only when it still has that value, as EC2 does.
 */
export function changeInstanceTags(
  fleet: FleetInstance[],
  context: CallContext,
  change: 'create' | 'delete',
): { return: boolean } {
  const action = change === 'create' ? 'ec2:CreateTags' : 'ec2:DeleteTags';
  const instances = namedInstances(fleet, context, 'ResourceId');
  refuseProtected(instances, context, action);
  const tags = tagParams(context.request.params);
  if (tags.length === 0) throw new AwsError('MissingParameter', 'The request must contain the parameter Tag');
  if (context.identity.arn.includes(':assumed-role/') && tags.some(([key]) => key === PROTECT_TAG.key))
    throw new AwsError(
      'UnauthorizedOperation',
      `You are not authorized to perform this operation. User: ${context.identity.arn} is not authorized to perform: ${action} with an explicit deny in an identity-based policy`,
      403,
    );
  // The role may take off only its own review tag (its policy's TakeBackItsReviewTag condition).
  const assumed = context.identity.arn.includes(':assumed-role/');
  if (change === 'delete' && assumed && tags.some(([key]) => key !== REVIEW_TAG))
    throw new AwsError(
      'UnauthorizedOperation',
      `You are not authorized to perform this operation. User: ${context.identity.arn} is not authorized to perform: ec2:DeleteTags because no identity-based policy allows the ec2:DeleteTags action`,
      403,
    );
  if (isDryRun(context)) throw DRY_RUN();
  for (const instance of instances) {
    const next = { ...instance.extraTags };
    for (const [key, value] of tags) {
      if (change === 'create') next[key] = value ?? '';
      else if (value === undefined || next[key] === value) delete next[key];
    }
    instance.extraTags = next;
  }
  return { return: true };
}
