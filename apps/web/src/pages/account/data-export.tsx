import { useLazyExportAccountCsvQuery, useLazyExportAccountQuery } from '@kitty/api-client';
import { Button, Space } from 'antd';
import { useState } from 'react';

import { toastProblem } from '../../ui/problem-toast';
import { useToast } from '../../ui/toast';

// The gateway's ExportDataset (contracts); the SPA does not import contracts' schemas (bundle size).
const LABELS = {
  pots: 'Pots',
  expenses: 'Expenses',
  settlements: 'Settlements',
  'top-ups': 'Top-ups',
  withdrawals: 'Withdrawals',
  'card-purchases': 'Card purchases',
} as const;
type Dataset = keyof typeof LABELS;
const DATASETS = Object.keys(LABELS) as Dataset[];

/** Saves text as a file the browser downloads. */
function save(text: string, type: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  link.click();
  URL.revokeObjectURL(url);
}

const today = () => new Date().toISOString().slice(0, 10);

/** Download everything Kitty holds about the user (UK GDPR): all of it as JSON, each table as CSV. */
export function DataExport() {
  const toast = useToast();
  const [exportAll] = useLazyExportAccountQuery();
  const [exportCsv] = useLazyExportAccountCsvQuery();
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (what: 'json' | Dataset) => {
    setBusy(what);
    try {
      if (what === 'json') {
        const data = await exportAll().unwrap();
        save(JSON.stringify(data, null, 2), 'application/json', `kitty-export-${today()}.json`);
      } else {
        const csv = (await exportCsv(what).unwrap()) as unknown as string;
        save(csv, 'text/csv', `kitty-${what}-${today()}.csv`);
      }
    } catch (error) {
      toastProblem(toast, error, { title: 'Download failed', detail: 'Please try again in a moment.' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="panel" aria-labelledby="export-title">
      <h2 id="export-title" className="panel-title">
        Your data
      </h2>
      <p className="muted">
        Download your profile, pots, expenses, settlements, top-ups, withdrawals and card purchases.
      </p>
      <Button
        type="primary"
        onClick={() => download('json')}
        loading={busy === 'json'}
        disabled={busy !== null && busy !== 'json'}
      >
        Download everything (JSON)
      </Button>
      <p className="account-csv-label">Or one table as CSV (opens in a spreadsheet):</p>
      <Space wrap>
        {DATASETS.map((dataset) => (
          <Button
            key={dataset}
            onClick={() => download(dataset)}
            loading={busy === dataset}
            disabled={busy !== null && busy !== dataset}
          >
            {LABELS[dataset]}
          </Button>
        ))}
      </Space>
    </section>
  );
}
