/**
 * Sends the browser to the provider's payment window. The address comes from our API (never from
 * the page), and only http(s) addresses are followed.
 */
export function goToPaymentWindow(paymentUrl: string): void {
  const target = new URL(paymentUrl, window.location.href);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new Error('not a web address');
  window.location.assign(target.toString());
}
