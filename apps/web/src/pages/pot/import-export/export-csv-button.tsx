import { DownloadOutlined } from '@ant-design/icons';
import { useLazyExportPotCsvQuery } from '@kitty/api-client';
import { Button } from 'antd';

import { toastProblem } from '../../../ui/problem-toast';
import { useToast } from '../../../ui/toast';

const today = () => new Date().toISOString().slice(0, 10);

/** Downloads the pot's expenses and payments as CSV (through the API, with the session's token). */
export function ExportCsvButton({ potId, potName }: { potId: string; potName: string }) {
  const toast = useToast();
  const [exportCsv, { isFetching }] = useLazyExportPotCsvQuery();
  const download = async () => {
    try {
      const csv = (await exportCsv(potId).unwrap()) as unknown as string;
      const slug =
        potName
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'pot';
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const link = Object.assign(document.createElement('a'), {
        href: url,
        download: `kitty-${slug}-${today()}.csv`,
      });
      link.click();
      // Released once the browser has started the download.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      toastProblem(toast, error, { title: 'Export failed', detail: 'Please try again in a moment.' });
    }
  };
  return (
    <Button icon={<DownloadOutlined aria-hidden />} onClick={download} loading={isFetching}>
      Export CSV
    </Button>
  );
}
