/**
 * Networking and databases billed by the hour for no use (decision 108): NAT gateways that processed
 * almost nothing in 14 days, load balancers with no healthy target or almost no requests or new
 * flows, databases nobody connected to for days, and public IPv4 addresses on an interface of a
 * stopped instance or of nothing. Pure: the collector stores what the describe calls and CloudWatch
 * said; these rules judge it with the organization's thresholds.
 */

/** The window NAT gateway and load balancer traffic is read over. */
export const TRAFFIC_WINDOW_DAYS = 14;
/** The window database connections are read over: the longest idle threshold a setting may ask for. */
export const CONNECTION_WINDOW_DAYS = 14;

export interface IdleServiceSettings {
  /** A NAT gateway that processed less than this many GB in the window. */
  natGatewayMinGb: number;
  /** A load balancer with fewer requests (ALB) or new flows (NLB) than this in the window. */
  loadBalancerMinRequests: number;
  /** A database with no connection for at least this many days. */
  databaseIdleDays: number;
}

export const DEFAULT_IDLE_SERVICE_SETTINGS: IdleServiceSettings = {
  natGatewayMinGb: 1,
  loadBalancerMinRequests: 100,
  databaseIdleDays: 7,
};

const GB = 2 ** 30;
const DAY_MS = 86_400_000;

export interface ObservedNatGateway {
  natGatewayId: string;
  createdAt: Date;
  /** BytesOutToDestination + BytesOutToSource over the window; null when CloudWatch had no datapoint. */
  processedBytes: number | null;
}

export interface ObservedLoadBalancer {
  arn: string;
  name: string;
  type: 'application' | 'network';
  createdAt: Date;
  registeredTargets: number;
  healthyTargets: number;
  /** RequestCount (ALB) or NewFlowCount (NLB) over the window; no datapoint counts as none. */
  requests: number;
}

export interface ObservedDatabase {
  identifier: string;
  instanceClass: string;
  engine: string;
  status: string;
  /** Consecutive days, ending yesterday, whose highest DatabaseConnections was 0. */
  daysWithoutConnections: number;
}

export interface ObservedPublicInterface {
  networkInterfaceId: string;
  publicIp: string;
  allocationId: string | null;
  /** The instance it is attached to and that instance's state as the EC2 inventory saw it. */
  instanceId: string | null;
  instanceState: string | null;
}

export interface IdleVerdict {
  why: string;
}

const gb = (bytes: number) => (bytes / GB).toFixed(bytes < GB / 10 ? 3 : 2);
const plural = (count: number, word: string) =>
  `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
const ageDays = (createdAt: Date, now: Date) => Math.floor((now.getTime() - createdAt.getTime()) / DAY_MS);

/** A NAT gateway at least 14 days old that processed less than the threshold in those 14 days. */
export function judgeNatGateway(
  gateway: ObservedNatGateway,
  settings: IdleServiceSettings,
  now: Date,
): IdleVerdict | null {
  if (ageDays(gateway.createdAt, now) < TRAFFIC_WINDOW_DAYS) return null;
  const bytes = gateway.processedBytes ?? 0;
  if (bytes >= settings.natGatewayMinGb * GB) return null;
  return {
    why: `Processed ${gb(bytes)} GB in the last ${TRAFFIC_WINDOW_DAYS} days (CloudWatch BytesOutToDestination + BytesOutToSource), less than the ${settings.natGatewayMinGb} GB threshold: the gateway is billed by the hour whatever it carries.`,
  };
}

/** A load balancer at least 14 days old with no healthy registered target, or almost no traffic in 14 days. */
export function judgeLoadBalancer(
  lb: ObservedLoadBalancer,
  settings: IdleServiceSettings,
  now: Date,
): IdleVerdict | null {
  if (ageDays(lb.createdAt, now) < TRAFFIC_WINDOW_DAYS) return null;
  const kind = lb.type === 'application' ? 'Application' : 'Network';
  const unit = lb.type === 'application' ? 'request' : 'new flow';
  const metric = lb.type === 'application' ? 'RequestCount' : 'NewFlowCount';
  const reasons: string[] = [];
  if (lb.healthyTargets === 0)
    reasons.push(
      lb.registeredTargets === 0
        ? 'no target is registered in any of its target groups'
        : `none of its ${plural(lb.registeredTargets, 'registered target')} is healthy`,
    );
  if (lb.requests < settings.loadBalancerMinRequests)
    reasons.push(
      `${plural(Math.round(lb.requests), unit)} in the last ${TRAFFIC_WINDOW_DAYS} days (CloudWatch ${metric}), fewer than the ${settings.loadBalancerMinRequests} threshold`,
    );
  if (reasons.length === 0) return null;
  return {
    why: `${kind} Load Balancer: ${reasons.join('; ')}. It is billed by the hour while it serves nothing.`,
  };
}

/** A running database whose highest connection count was 0 every day for the threshold's days. */
export function judgeDatabase(db: ObservedDatabase, settings: IdleServiceSettings): IdleVerdict | null {
  if (db.status !== 'available') return null;
  if (db.daysWithoutConnections < settings.databaseIdleDays) return null;
  return {
    why: `No connection for ${plural(db.daysWithoutConnections, 'day')} (CloudWatch DatabaseConnections, highest of each day 0), at least the ${settings.databaseIdleDays} allowed: the ${db.instanceClass} ${db.engine} instance is billed by the hour while nobody uses it. Stopping it saves the instance hours (RDS starts it again after 7 days); deleting it, after a final snapshot, saves its storage too.`,
  };
}

/** A public IPv4 address on an interface attached to nothing, or to an instance that is stopped. */
export function judgePublicInterface(eni: ObservedPublicInterface): IdleVerdict | null {
  const address = eni.allocationId ? `Elastic IP ${eni.publicIp}` : `Public IPv4 address ${eni.publicIp}`;
  if (eni.instanceId === null)
    return {
      why: `${address} sits on network interface ${eni.networkInterfaceId}, which is attached to nothing: AWS bills every public IPv4 address by the hour, used or not.`,
    };
  if (eni.instanceState === 'stopped')
    return {
      why: `${address} sits on network interface ${eni.networkInterfaceId} of instance ${eni.instanceId}, which is stopped: the address is billed by the hour while the instance is not.`,
    };
  return null;
}
