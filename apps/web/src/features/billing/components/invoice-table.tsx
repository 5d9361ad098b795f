import type { BillingInvoice } from '@skylog/contracts';
import { useState } from 'react';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { formatMoney } from '../../../lib/format-money.ts';
import { useInvoices } from '../api/get-invoices.ts';
import { formatInvoiceStatus, useFormatDate } from './billing-labels.ts';

const pageSize = 12;

const linkClass = 'text-brand-600 hover:underline';

/** The organization's invoices (Stripe keeps the documents: each row links to its page and PDF). */
export function InvoiceTable({ customerId }: { customerId: string | null }) {
  const invoices = useInvoices(customerId);
  const formatDate = useFormatDate();
  const [page, setPage] = useState(0);

  const columns: ReadonlyArray<Column<BillingInvoice>> = [
    { key: 'number', header: 'Number', cell: (invoice) => invoice.number ?? '—' },
    { key: 'date', header: 'Date', cell: (invoice) => formatDate(invoice.created) },
    { key: 'amount', header: 'Amount', cell: (invoice) => formatMoney(invoice.total, invoice.currency) },
    { key: 'status', header: 'Status', cell: (invoice) => formatInvoiceStatus(invoice.status) },
    {
      key: 'links',
      header: 'Links',
      cell: (invoice) => {
        const name = invoice.number ?? formatDate(invoice.created);
        return (
          <span className="flex gap-3">
            {invoice.hosted_invoice_url ? (
              <a
                href={invoice.hosted_invoice_url}
                target="_blank"
                rel="noreferrer"
                className={linkClass}
                aria-label={`View invoice ${name}`}
              >
                View
              </a>
            ) : null}
            {invoice.invoice_pdf ? (
              <a href={invoice.invoice_pdf} target="_blank" rel="noreferrer" className={linkClass} aria-label={`PDF of invoice ${name}`}>
                PDF
              </a>
            ) : null}
          </span>
        );
      },
    },
  ];

  // Without a Stripe customer there is nothing to ask for: no invoices yet.
  const rows = customerId ? invoices.data : [];
  return (
    <section aria-labelledby="invoices-title" className="flex flex-col gap-3">
      <h2 id="invoices-title" className="text-lg font-semibold text-slate-900">
        Invoices
      </h2>
      <DataTable
        label="Invoices"
        columns={columns}
        rows={rows?.slice(page * pageSize, (page + 1) * pageSize)}
        getRowKey={(invoice) => invoice.id}
        isLoading={invoices.isLoading}
        error={invoices.error}
        emptyText="No invoices yet"
        total={rows?.length}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
      />
    </section>
  );
}
