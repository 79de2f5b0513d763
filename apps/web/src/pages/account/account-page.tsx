import './account.css';

import type { Residency } from '@kitty/api-client';
import { useGetMeQuery, useGetOnboardingQuery } from '@kitty/api-client';
import { Tag } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { BankAccountForm } from '../../bank-account/bank-account-form';
import { DocumentTitle } from '../../ui/document-title';
import { PageLoader } from '../../ui/page-loader';
import { DataExport } from './data-export';
import { DeleteAccount } from './delete-account';
import { NotificationSettings } from './notification-settings';
import { SignedInDevices } from './signed-in-devices';

/** Where the residency (and so the fee rate) comes from: a verified address wins over the sign-in IP. */
const RESIDENCY_SOURCE: Record<Residency['method'], string> = {
  kyc_address: 'from your verified address',
  ip_address: 'from where you last signed in',
};

/** /account (Home's 'Manage Account'): profile, payment account and card, devices, data, deletion. */
export default function AccountPage() {
  const me = useGetMeQuery();
  const onboarding = useGetOnboardingQuery();
  const { hash } = useLocation();
  // 'Add your bank account' links here from the Withdraw dialog: bring that section into view.
  useEffect(() => {
    if (hash && !me.isLoading) document.getElementById(hash.slice(1))?.scrollIntoView?.();
  }, [hash, me.isLoading]);
  if (me.isLoading) return <PageLoader />;
  const user = me.data;
  const account = onboarding.data?.account ?? null;
  const card = onboarding.data?.card ?? null;

  return (
    <div className="page account-page">
      <DocumentTitle title="Your account" />
      <header className="page-header">
        <h1>Your account</h1>
      </header>

      <section className="panel" aria-labelledby="profile-title">
        <h2 id="profile-title" className="panel-title">
          Profile
        </h2>
        {user ? (
          <dl className="account-facts">
            <dt>Name</dt>
            <dd>{user.fullName}</dd>
            <dt>E-mail</dt>
            <dd>
              {user.email}{' '}
              {user.emailVerified ? (
                <Tag color="green">Confirmed</Tag>
              ) : (
                <Tag color="orange">Not confirmed</Tag>
              )}
            </dd>
            <dt>Residency</dt>
            <dd>
              {user.residency
                ? `${user.residency.isUkResident ? 'UK resident' : 'International'}${user.residency.countryCode ? ` (${user.residency.countryCode})` : ''}, ${RESIDENCY_SOURCE[user.residency.method]}`
                : 'Not detected yet'}
            </dd>
          </dl>
        ) : (
          <p role="alert">Your profile could not be loaded. Please reload the page.</p>
        )}
        <Link to="/account/password">Change password</Link>
      </section>

      <section className="panel" aria-labelledby="payments-title">
        <h2 id="payments-title" className="panel-title">
          Payment account and card
        </h2>
        {onboarding.isLoading ? (
          <p className="muted">Loading…</p>
        ) : onboarding.isError ? (
          <p role="alert">Your payment account could not be loaded. Please try again later.</p>
        ) : (
          <dl className="account-facts">
            <dt>Identity check</dt>
            <dd>
              {account?.kycStatus === 'complete' ? (
                <Tag color="green">Verified</Tag>
              ) : account?.kycStatus === 'verifying' ? (
                <Tag color="blue">Being checked by Stripe</Tag>
              ) : account?.kycStatus === 'failed' ? (
                <Tag color="red">Needs attention</Tag>
              ) : (
                <Tag>Not verified</Tag>
              )}
            </dd>
            <dt>Payment account</dt>
            <dd>{account ? (account.status === 'active' ? 'Active' : 'Restricted') : 'Not set up'}</dd>
            <dt>Withdrawals go to</dt>
            <dd>{account?.payoutAccountLabel ?? 'Not set up'}</dd>
            <dt>Virtual card</dt>
            <dd>
              {card
                ? `${card.brand} •••• ${card.last4} · ${card.status === 'active' ? 'Active' : card.status === 'inactive' ? 'Frozen' : 'Cancelled'}`
                : 'No card yet'}
            </dd>
          </dl>
        )}
        {onboarding.data?.step !== 'complete' && (
          <Link to="/onboarding">Set up your payment account and card</Link>
        )}
        <p>
          <Link to="/statement">Wallet statements</Link>
        </p>
      </section>

      <section className="panel" id="bank-account" aria-labelledby="bank-account-title">
        <h2 id="bank-account-title" className="panel-title">
          Your bank account
        </h2>
        <p className="muted">Withdrawals from your wallet and pots are paid to this UK account.</p>
        <BankAccountForm />
      </section>

      <NotificationSettings />
      <SignedInDevices />
      <DataExport />
      <DeleteAccount />
    </div>
  );
}
