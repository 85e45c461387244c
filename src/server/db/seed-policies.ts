import type { PolicyKind } from '../../shared/policy-pages';

/**
 * The starter text of the Terms & Conditions and the Privacy Policy (docs/admin.md#policies): written once
 * into a portal that has none, never over what staff saved. It states the portal's own rules
 * (docs/README.md#how-the-portal-works) in plain words; staff review it, with their legal adviser, before
 * the portal opens. The markings are those of docs/admin.md#policies.
 */
export const SEED_POLICIES: ReadonlyArray<{ kind: PolicyKind; title: string; body: string }> = [
  {
    kind: 'terms',
    title: 'Terms & Conditions',
    body: `These terms apply to every wholesale account opened and every order placed through this portal. By registering or submitting an order, you accept them.

## Wholesale accounts

- The portal is for retail businesses that buy our products to resell them. We review every application, usually within 48 hours, and may decline one without giving a reason.
- You sign in with a one-time link sent to your e-mail address. Keep access to that mailbox to yourself: orders placed from your account are treated as yours.
- Keep your business, contact and shipping details up to date under My Account.

## Orders

- Products are sold in full cases of 12 bottles; the in-store tester is free, one per order.
- The prices shown on the order form and on the review page, volume discounts included, are the prices of your order. Prices may change for future orders.
- Submitting an order sends it to us for approval. It becomes binding once we approve it; until then we may decline it, for example when stock runs short.

## Payment

- Nothing is charged when you submit an order. Once we approve it, we e-mail you a secure payment link, also shown on the order page.
- Payment is taken by our online store's checkout. We ship an order once it is paid.

## Shipping and delivery

- Shipping is free on every wholesale order. We send you the tracking details as soon as your order leaves our warehouse.
- Please check each delivery when it arrives and tell us about any damaged or missing items as soon as you can, with your order number.

## Resale

Products bought through this portal are for resale to consumers, in their original, unopened packaging.

## Changes to these terms

We may update these terms. The version shown on this page when you submit an order applies to that order.

## Contact

Questions about these terms? Write to us through Contact Us at the foot of every page.`,
  },
  {
    kind: 'privacy',
    title: 'Privacy Policy',
    body: `This policy explains what personal data this wholesale portal keeps, why, and what you can ask of us.

## What we keep

- **Your account**: your name, business name, e-mail address, phone number and shipping and billing addresses, as you entered them when registering or under My Account.
- **Your orders**: what you ordered, the prices, the delivery address and the order's progress.
- **Your messages**: what you send us through the support page, with the account and order details needed to answer it.
- **Technical records**: a sign-in cookie while you are signed in, your cart in your own browser, and short-lived server logs with IP addresses, which protect the portal against abuse.

## Why we keep it

We use your data to review your application, sign you in, take, invoice and ship your orders, answer your messages and keep the portal secure. We do not sell your data, and we do not use it for advertising.

## Who else sees it

- **Our online store platform** holds each order for invoicing and payment. Card details are entered on its checkout page and never reach this portal.
- **Our e-mail provider** delivers the portal's e-mails: sign-in links, order confirmations and updates.
- **Carriers** receive the delivery address of each shipment.

## How long we keep it

We keep your account for as long as it is open, and order records for as long as the law requires us to keep business records. Server logs are kept only for a short time.

## Your choices

You can see and correct your details under My Account at any time. To ask for a copy of your data, or for your account to be closed and your data deleted where the law allows it, write to us through Contact Us at the foot of every page.

## Changes to this policy

We may update this policy. The date at the top of this page shows when it last changed.`,
  },
];
