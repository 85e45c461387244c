import { Link } from 'react-router';
import { POLICY_PAGES } from '../../shared/policy-pages';
import { useIsSignedIn } from '../lib/session';
import { useStoreConfig } from '../lib/store-config';
import { StoreName } from './store-name';

const linkClass = 'rounded-sm underline-offset-4 hover:text-foreground hover:underline';

/**
 * Storefront footer (docs/storefront.md#header-and-footer): copyright with the current year, 'Powered by
 * Shopify', three links.
 */
export function SiteFooter() {
  const { data: config, isError } = useStoreConfig();
  const year = new Date().getFullYear();
  // Without the settings the portal's own pages are the best guess; while they load, no guess at all.
  const policyUrl = (configured: string | undefined, ownPage: string) =>
    configured ?? (isError ? ownPage : undefined);

  return (
    <footer className="border-t border-border bg-card/60 text-sm text-muted-foreground">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div className="space-y-1">
          <p>
            © {year} <StoreName />. All rights reserved.
          </p>
          <p>Powered by Shopify</p>
        </div>
        <nav aria-label="Legal and contact">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            <li>
              <PolicyLink href={policyUrl(config?.termsUrl, POLICY_PAGES.terms.path)}>
                Terms & Conditions
              </PolicyLink>
            </li>
            <li>
              <PolicyLink href={policyUrl(config?.privacyUrl, POLICY_PAGES.privacy.path)}>
                Privacy Policy
              </PolicyLink>
            </li>
            <li>
              <ContactUsLink supportEmail={config?.supportEmail} />
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}

/**
 * The support page is for signed-in customers (docs/support-and-faq.md#support-page); a visitor would only
 * meet the sign-in screen there, so a visitor's Contact Us writes to the support address instead.
 */
function ContactUsLink({ supportEmail }: { supportEmail: string | undefined }) {
  const signedIn = useIsSignedIn();
  if (!signedIn && supportEmail) {
    return (
      <a href={`mailto:${supportEmail}`} className={linkClass}>
        Contact Us
      </a>
    );
  }
  return (
    <Link to="/support" className={linkClass}>
      Contact Us
    </Link>
  );
}

/**
 * A policy link (docs/storefront.md#policy-pages): the portal's own page (a path) opens in the app, an
 * address set in TERMS_URL / PRIVACY_URL as a plain link. Until /api/config answers the address is unknown:
 * the label shows rather than a link that goes nowhere.
 */
function PolicyLink({ href, children }: { href: string | undefined; children: string }) {
  if (!href) return <span>{children}</span>;
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={linkClass}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={linkClass}>
      {children}
    </a>
  );
}
