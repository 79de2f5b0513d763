import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';

import { AppLayout } from '../layout/app-layout';
import IndexPage from '../pages/home/index-page';
import { RequireAuth } from '../session/require-auth';
import { lazyWithAntd } from '../ui/lazy-with-antd';

// One chunk per route: the first page loads only what it shows (field notes, "Front end"). Pages that
// render antd load its theme with them; the landing page (in IndexPage), sign-in and the text-only pages
// render none, so a visitor who opens them first downloads no antd. `/` itself comes with
// the entry (a few KB): the page most visits start on costs no round trip of its own before it can render.
const AuthPage = lazy(() => import('../pages/auth/auth-page'));
const ContactPage = lazyWithAntd(() => import('../pages/contact/contact-page'));
const AboutPage = lazy(() => import('../pages/static/about-page'));
const ServicesPage = lazy(() => import('../pages/static/services-page'));
const TermsPage = lazy(() => import('../pages/static/terms-page'));
const PrivacyPage = lazy(() => import('../pages/static/privacy-page'));
const CookiesPage = lazy(() => import('../pages/static/cookies-page'));
const FundingCancelledPage = lazyWithAntd(() => import('../pages/funding/funding-cancelled-page'));
const FundingSuccessPage = lazyWithAntd(() => import('../pages/funding/funding-success-page'));
const TopUpReceiptPage = lazyWithAntd(() => import('../pages/funding/top-up-receipt-page'));
const TopUpPage = lazyWithAntd(() => import('../pages/top-up/top-up-page'));
const RequestTopUpPage = lazyWithAntd(() => import('../pages/request-top-up/request-top-up-page'));
const PaymentMethodPage = lazyWithAntd(() => import('../pages/payment-method/payment-method-page'));
const CreatePotPage = lazyWithAntd(() => import('../pages/create-pot/create-pot-page'));
const PotSummaryPage = lazyWithAntd(() => import('../pages/pot-summary/pot-summary-page'));
const PotPage = lazyWithAntd(() => import('../pages/pot/pot-page'));
const InvitePage = lazyWithAntd(() => import('../pages/invite/invite-page'));
const OnboardingPage = lazyWithAntd(() => import('../pages/onboarding/onboarding-page'));
const UnsubscribePage = lazyWithAntd(() => import('../pages/unsubscribe/unsubscribe-page'));
const VerifyEmailPage = lazyWithAntd(() => import('../pages/verify-email/verify-email-page'));
const ForgotPasswordPage = lazyWithAntd(() => import('../pages/password/forgot-password-page'));
const ResetPasswordPage = lazyWithAntd(() => import('../pages/password/reset-password-page'));
const ChangePasswordPage = lazyWithAntd(() => import('../pages/password/change-password-page'));
const AccountPage = lazyWithAntd(() => import('../pages/account/account-page'));
const StatementPage = lazyWithAntd(() => import('../pages/statement/statement-page'));
const WithdrawalsPage = lazyWithAntd(() => import('../pages/withdrawals/withdrawals-page'));
const NotFoundPage = lazy(() => import('../pages/not-found/not-found-page'));

/** Old links to /funding go to the top-up page (decisions §3). */
function FundingRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/top-up', search }} replace />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<IndexPage />} />
        <Route path="auth" element={<AuthPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="services" element={<ServicesPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="cookies" element={<CookiesPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="funding" element={<FundingRedirect />} />
        <Route path="funding-cancelled" element={<FundingCancelledPage />} />
        {/* Public: a signed-out invitee sees who invited them before signing in to join. */}
        <Route path="invite/:token" element={<InvitePage />} />
        <Route path="unsubscribe" element={<UnsubscribePage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route element={<RequireAuth />}>
          <Route path="create-pot" element={<CreatePotPage />} />
          <Route path="pot-summary" element={<PotSummaryPage />} />
          <Route path="pot/:potId" element={<PotPage />} />
          <Route path="pot/:potId/statement" element={<StatementPage />} />
          <Route path="statement" element={<StatementPage />} />
          <Route path="pot/:potId/withdrawals" element={<WithdrawalsPage />} />
          <Route path="withdrawals" element={<WithdrawalsPage />} />
          <Route path="onboarding" element={<OnboardingPage />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="account/password" element={<ChangePasswordPage />} />
          <Route path="top-up" element={<TopUpPage />} />
          <Route path="top-ups/:topUpId/receipt" element={<TopUpReceiptPage />} />
          <Route path="request-top-up" element={<RequestTopUpPage />} />
          <Route path="payment-method-selection" element={<PaymentMethodPage />} />
          {/* Checkout returns here; the session is read as the signed-in user (another user's is not found). */}
          <Route path="funding-success" element={<FundingSuccessPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
