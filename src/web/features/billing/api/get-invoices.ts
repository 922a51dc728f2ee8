import { useQuery } from '@tanstack/react-query';
import type { InvoiceList } from '../../../../contracts/billing.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getInvoices = () => apiRequest<InvoiceList>('billing/invoices');

export const useInvoices = () => useQuery({ queryKey: queryKeys.billing.invoices, queryFn: getInvoices });
