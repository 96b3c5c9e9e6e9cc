import { AccountSettingsPage } from '../features/account/components/account-settings-page';
import { WebhooksTab } from '../features/webhooks/components/webhooks-tab';

/** /account-settings: the account's tabs, with Webhooks (its own feature) after the spec's. */
export function AccountSettingsRoute() {
  return <AccountSettingsPage extraTabs={[{ value: 'webhooks', label: 'Webhooks', content: <WebhooksTab /> }]} />;
}
