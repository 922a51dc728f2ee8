import type { FleetInstance } from '../company/fleet.ts';
import type { SimNatGateway } from '../company/network-services.ts';
import { hexFor } from '../company/seeded-random.ts';
import type { SimNetworkInterface } from '../company/waste.ts';
import type { CallContext } from '../protocol/service-handler.ts';
import { items, type XmlElements } from '../protocol/xml.ts';
import { paged, tagSet } from './ec2-waste.ts';

const inScope = <T extends { accountId: string; region: string }>(all: T[], context: CallContext) =>
  all.filter((entry) => entry.accountId === context.identity.accountId && entry.region === context.region);

function natGatewayXml(gateway: SimNatGateway): XmlElements {
  return {
    createTime: new Date(gateway.createdAt),
    natGatewayAddressSet: items([
      {
        allocationId: gateway.allocationId,
        networkInterfaceId: `eni-0${hexFor(`nat-eni:${gateway.natGatewayId}`, 16)}`,
        privateIp: '10.0.0.5',
        publicIp: gateway.publicIp,
        isPrimary: true,
        status: 'succeeded',
      },
    ]),
    natGatewayId: gateway.natGatewayId,
    state: 'available',
    subnetId: gateway.subnetId,
    vpcId: gateway.vpcId,
    tagSet: tagSet(gateway.name, gateway.tags),
    connectivityType: 'public',
  };
}

/** DescribeNatGateways: MaxResults between 5 and 1000, NextToken. */
export function describeNatGateways(gateways: SimNatGateway[], context: CallContext) {
  const live = inScope(gateways, context).filter((gateway) => gateway.createdAt <= context.nowMs);
  const { page, nextToken } = paged(live, context.request.params, { min: 5, max: 1000 });
  return { natGatewaySet: items(page.map(natGatewayXml)), nextToken };
}

function interfaceXml(eni: SimNetworkInterface, ownerId: string): XmlElements {
  return {
    networkInterfaceId: eni.networkInterfaceId,
    subnetId: eni.subnetId,
    availabilityZone: `${eni.region}a`,
    description: eni.description,
    ownerId,
    requesterManaged: false,
    status: eni.instanceId ? 'in-use' : 'available',
    sourceDestCheck: true,
    interfaceType: 'interface',
    attachment: eni.instanceId
      ? {
          attachmentId: `eni-attach-0${eni.networkInterfaceId.slice(5, 21)}`,
          instanceId: eni.instanceId,
          instanceOwnerId: ownerId,
          deviceIndex: 0,
          status: 'attached',
          deleteOnTermination: true,
        }
      : undefined,
    association: eni.publicIp
      ? {
          publicIp: eni.publicIp,
          ipOwnerId: 'amazon',
          allocationId: eni.allocationId,
          associationId: eni.allocationId ? `eipassoc-0${eni.allocationId.slice(10, 26)}` : undefined,
        }
      : undefined,
    tagSet: tagSet(undefined, eni.tags),
  };
}

/** Every interface of the region: the fleet's primary ones (private only) and those holding an address. */
export function describeNetworkInterfaces(
  planted: SimNetworkInterface[],
  fleet: FleetInstance[],
  context: CallContext,
) {
  const own = new Set(planted.map((eni) => eni.instanceId).filter(Boolean));
  const primary: SimNetworkInterface[] = fleet
    .filter((instance) => !own.has(instance.instanceId))
    .map((instance) => ({
      networkInterfaceId: `eni-0${hexFor(`interface:${instance.instanceId}`, 16)}`,
      accountId: instance.accountId,
      region: instance.region,
      subnetId: instance.subnetId,
      description: `Primary network interface of ${instance.name}`,
      instanceId: instance.instanceId,
      tags: {},
    }));
  const all = inScope([...primary, ...planted], context);
  const { page, nextToken } = paged(all, context.request.params, { min: 5, max: 1000 });
  return {
    networkInterfaceSet: items(page.map((eni) => interfaceXml(eni, context.identity.accountId))),
    nextToken,
  };
}
