import { Droplets } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';

/**
 * The product photo, or a neutral icon when there is none or it fails to load (a broken Shopify CDN link
 * should not leave a broken-image glyph on the order form).
 */
export function ProductThumbnail({ imageUrl, className }: { imageUrl: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  const box = cn('size-14 shrink-0 overflow-hidden rounded-lg border border-border bg-muted', className);

  if (!imageUrl || failed) {
    return (
      <span className={cn(box, 'grid place-items-center text-primary')}>
        <Droplets aria-hidden="true" className="size-6" />
      </span>
    );
  }
  return (
    <span className={box}>
      {/* The product name sits next to the image, so the image itself is decorative. */}
      <img
        src={imageUrl}
        alt=""
        loading="lazy"
        decoding="async"
        width={56}
        height={56}
        className="size-full object-cover"
        onError={() => setFailed(true)}
      />
    </span>
  );
}
