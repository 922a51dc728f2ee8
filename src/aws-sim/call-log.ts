import type { SimServiceName } from './protocol/service-handler.ts';

/**
 * What happened on the wire: requests received (attempts, throttled ones included) and calls
 * answered successfully, which is what AWS bills for Cost Explorer ($0.01 per successful request).
 */
export class CallLog {
  private readonly received = new Map<string, number>();
  private readonly succeeded = new Map<string, number>();

  recordReceived(service: SimServiceName, operation: string) {
    const key = `${service}:${operation}`;
    this.received.set(key, (this.received.get(key) ?? 0) + 1);
  }

  recordSucceeded(service: SimServiceName, operation: string) {
    const key = `${service}:${operation}`;
    this.succeeded.set(key, (this.succeeded.get(key) ?? 0) + 1);
  }

  successCount(service: SimServiceName, operation: string): number {
    return this.succeeded.get(`${service}:${operation}`) ?? 0;
  }

  requestCount(service: SimServiceName, operation: string): number {
    return this.received.get(`${service}:${operation}`) ?? 0;
  }
}

/** Switches tests flip to make the next calls of a service fail the way AWS does under load. */
export class Faults {
  private readonly pendingThrottles = new Map<SimServiceName, number>();

  /** The next `count` requests to the service answer its throttling error. */
  throttle(service: SimServiceName, count = 1): void {
    this.pendingThrottles.set(service, (this.pendingThrottles.get(service) ?? 0) + count);
  }

  clear(): void {
    this.pendingThrottles.clear();
  }

  consumeThrottle(service: SimServiceName): boolean {
    const pending = this.pendingThrottles.get(service) ?? 0;
    if (pending <= 0) return false;
    this.pendingThrottles.set(service, pending - 1);
    return true;
  }
}
