import { reservationState, type SimReservation } from '../company/commitment-inventory.ts';
import type { CallContext } from '../protocol/service-handler.ts';
import { items, type XmlElements } from '../protocol/xml.ts';
import { numberedParams } from './ec2-filters.ts';

/**
 * DescribeReservedInstances: the caller account's EC2 reservations in the signed region, retired ones
 * included. EC2 does not page this call; it answers every reservation at once.
 */
export function describeReservedInstances(reservations: SimReservation[], context: CallContext): XmlElements {
  const ids = numberedParams(context.request.params, 'ReservedInstancesId');
  const mine = reservations.filter(
    (reservation) =>
      reservation.service === 'ec2' &&
      reservation.accountId === context.identity.accountId &&
      reservation.region === context.region &&
      (ids.length === 0 || ids.includes(reservation.id)),
  );
  return {
    reservedInstancesSet: items(
      mine.map((reservation) => ({
        reservedInstancesId: reservation.id,
        instanceType: reservation.instanceType,
        availabilityZone: `${reservation.region}a`,
        start: new Date(reservation.startMs),
        end: new Date(reservation.endMs),
        duration: Math.round((reservation.endMs - reservation.startMs) / 1000),
        fixedPrice: reservation.fixedPriceUsd,
        usagePrice: 0,
        instanceCount: reservation.instanceCount,
        productDescription: 'Linux/UNIX',
        state: reservationState(reservation, context.nowMs),
        instanceTenancy: 'default',
        currencyCode: 'USD',
        offeringType: reservation.offeringType,
        offeringClass: 'standard',
        scope: 'Availability Zone',
        recurringCharges: items([{ frequency: 'Hourly', amount: reservation.recurringUsdPerHour }]),
      })),
    ),
  };
}
