import { config } from '../config';

/** Title and favicon follow the courier (spec section 1); without one, the product defaults. */
export function applyDocumentBranding(courier: { name: string; logo_url: string | null } | null) {
  document.title = courier?.name ?? config.defaultTitle;
  const href = courier?.logo_url || config.defaultFavicon;
  let link = document.querySelector<HTMLLinkElement>('link#app-favicon');
  if (!link) {
    link = document.createElement('link');
    link.id = 'app-favicon';
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = href;
  link.type = href.endsWith('.svg') ? 'image/svg+xml' : '';
}

export function resetDocumentBranding() {
  applyDocumentBranding(null);
}
