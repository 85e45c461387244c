import { FileDown } from 'lucide-react';
import { Button } from './ui/button';

interface DownloadPdfLinkProps {
  /** The PDF's address (shared/orders.ts orderPdfPath, adminOrderPdfPath). */
  href: string;
  /** The name assistive technology reads when several are on one page: 'Download PDF of WO-1001'. */
  label?: string;
  size?: 'sm' | 'default';
}

/**
 * 'Download PDF' (docs/orders.md#order-pdf): a plain link with `download`, so it works from the keyboard and
 * without script, and the server's file name (`WO-1001.pdf`) is kept. The PDF is made on the server: no PDF
 * code reaches the browser.
 */
export function DownloadPdfLink({ href, label, size = 'default' }: DownloadPdfLinkProps) {
  return (
    <Button asChild variant="outline" size={size}>
      <a href={href} download aria-label={label}>
        <FileDown aria-hidden="true" />
        Download PDF
      </a>
    </Button>
  );
}
