import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useRouter } from '@tanstack/react-router';
import { internalPath } from '../../domain/rules/links.ts';
import { navigateTo, preloadHref } from '../navigation.ts';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string;
  children: ReactNode;
  newTab?: boolean;
  /** Off for a link that gets focus without the visitor choosing it (the first link of a dialog that opens itself). */
  preloadOnIntent?: boolean;
};

function isPlainLeftClick(e: MouseEvent<HTMLAnchorElement>): boolean {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented;
}

/**
 * One anchor for every link of the site: internal paths navigate client-side (no reload,
 * preloaded on intent), external ones open in a new tab with rel=noopener.
 */
export function AppLink({ href, children, newTab, onClick, preloadOnIntent = true, ...rest }: Props) {
  const router = useRouter();
  const path = internalPath(href);
  if (path === null || newTab) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" onClick={onClick} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a
      href={path}
      onClick={(e) => {
        onClick?.(e);
        if (!isPlainLeftClick(e)) return;
        e.preventDefault();
        void navigateTo(router, path);
      }}
      onMouseEnter={preloadOnIntent ? () => preloadHref(router, path) : undefined}
      onFocus={preloadOnIntent ? () => preloadHref(router, path) : undefined}
      {...rest}
    >
      {children}
    </a>
  );
}
