import type { CSSProperties } from 'react';

/**
 * A block's width in columns of 12 on a phone, a tablet and a desktop (`col.sm/md/lg` of the
 * content), as the custom properties the stylesheet's grids read (`.module`, `.footer__col`).
 */
export function columnWidths(col: { sm: number; md: number; lg: number } | undefined): CSSProperties {
  return (col ? { '--col-sm': col.sm, '--col-md': col.md, '--col-lg': col.lg } : {}) as CSSProperties;
}
