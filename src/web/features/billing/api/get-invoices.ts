import { useQuery } from '@tanstack/react-query';
import type { InvoiceList } from '../../../../contracts/billing.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const getInvoices = () => apiRequest<InvoiceList>('billing/invoices');

export const useInvoices = () => useQuery({ queryKey: ['billing', 'invoices'], queryFn: getInvoices });
