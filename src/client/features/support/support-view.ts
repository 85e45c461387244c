import { EMPTY_PREFILL, type SupportPrefill } from './support-form-model';

/**
 * Where the support page is (docs/support-and-faq.md#support-page): the quick cards, a form
 * (about an order when an order-issue link opened it), or the confirmation. `formKey` is new for every form
 * opened, so each starts empty.
 */
export type SupportViewState =
  | { view: 'cards'; formKey: number; focusHeading: boolean }
  | { view: 'form'; formKey: number; prefill: SupportPrefill }
  | { view: 'order-issue'; formKey: number; orderId: number }
  | { view: 'sent'; formKey: number };

/**
 * An order-issue link opens its form at once (docs/support-and-faq.md#order-issue-links); otherwise the page
 * starts at the cards.
 */
export function initialSupportView(linkedOrderId: number | null): SupportViewState {
  return linkedOrderId === null
    ? { view: 'cards', formKey: 0, focusHeading: false }
    : { view: 'order-issue', formKey: 0, orderId: linkedOrderId };
}

/** A quick card or 'Contact Support': a new form with the card's prefill, about no particular order. */
export function openSupportForm(state: SupportViewState, prefill: SupportPrefill): SupportViewState {
  return { view: 'form', formKey: state.formKey + 1, prefill };
}

/** Cancel: back to the cards, with the focus on their heading. The order of a link is let go. */
export function cancelSupportForm(state: SupportViewState): SupportViewState {
  return { view: 'cards', formKey: state.formKey, focusHeading: true };
}

export function supportMessageSent(state: SupportViewState): SupportViewState {
  return { view: 'sent', formKey: state.formKey };
}

/** 'Send Another Message': an empty form (docs/support-and-faq.md#support-page). */
export function sendAnotherMessage(state: SupportViewState): SupportViewState {
  return openSupportForm(state, EMPTY_PREFILL);
}
