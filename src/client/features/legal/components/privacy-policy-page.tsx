import { Link } from 'wouter';
import { REMEMBER_ME_DAYS } from '#contract/auth.ts';
import { freeRetentionText } from '#contract/limits.ts';
import { MINIMUM_AGE } from '#contract/product.ts';
import { clientConfig } from '#client/config.ts';
import { LegalLayout, type LegalSection } from './legal-layout.tsx';

/** Spec section 2, Privacy Policy: 17 sections behind a table of contents; product and company from configuration. */
export default function PrivacyPolicyPage() {
  const { appName, companyName } = clientConfig;

  const sections: LegalSection[] = [
    {
      id: 'collection',
      title: 'Collection of personal information',
      body: (
        <>
          <p>We collect only what we need to run {appName} for you. Depending on how you use the service, this includes:</p>
          <ul>
            <li>
              <strong>Account information:</strong> your first and last name, e-mail address and password (stored only as a one-way hash), and a profile
              picture if you choose to upload one.
            </li>
            <li>
              <strong>Conversation content:</strong> the messages you write, the replies generated for you, the executive role, industry and your own role
              chosen for each conversation, your feedback on replies, and any default role and industry you save.
            </li>
            <li>
              <strong>Documents:</strong> files you attach to a conversation, the text extracted from them and the analysis produced.
            </li>
            <li>
              <strong>Subscription and billing information:</strong> your plan, billing period, subscription status and dates, amounts paid and the billing
              address you give at checkout. Card details are entered directly with our payment processor; we never see or store your full card number.
            </li>
            <li>
              <strong>Usage information:</strong> daily usage counters that enforce plan limits, when you signed in and how often, and your cookie choice with
              the date you made it.
            </li>
            <li>
              <strong>Messages to us:</strong> the name, e-mail address, subject and message you send through our <Link href="/contact">contact page</Link>.
            </li>
            <li>
              <strong>Technical information:</strong> your IP address, browser and device type, and the time of each request, recorded in server logs for
              security and troubleshooting.
            </li>
          </ul>
          <h3>Device geolocation</h3>
          <p>
            We do not ask your device for its precise location. If a future feature needs it, your device will ask for your permission first, and you can
            withdraw that permission at any time in your device or browser settings. We may derive an approximate region, such as your country or state,
            from your IP address or billing address to calculate sales tax and to detect fraud.
          </p>
          <p>
            You provide most of this information directly. You may choose not to provide some of it, but then parts of the service may not work, for example
            we cannot create an account without an e-mail address and a password.
          </p>
        </>
      ),
    },
    {
      id: 'use-and-processing',
      title: 'Use and processing of collected information',
      body: (
        <>
          <p>We use personal information to:</p>
          <ul>
            <li>create and manage your account and keep you signed in;</li>
            <li>
              generate your advisors&apos; replies: the content of your messages, the context of the conversation and relevant extracts of attached
              documents are sent to our generative AI provider through its API for that purpose;
            </li>
            <li>enforce plan limits, process payments and manage your subscription;</li>
            <li>send the e-mails the service needs, such as password reset links and billing notices;</li>
            <li>answer your messages and requests;</li>
            <li>keep the service secure, prevent abuse and fraud, and fix problems;</li>
            <li>understand which pages are useful, only if you accepted analytics cookies (see section 7);</li>
            <li>comply with the law and enforce our <Link href="/terms-and-conditions">Terms &amp; Conditions</Link>.</li>
          </ul>
          <p>
            We process information because it is necessary to provide the service you asked for, to meet legal obligations, for our legitimate interests in
            running a secure and reliable service, or with your consent, which you can withdraw at any time.
          </p>
        </>
      ),
    },
    {
      id: 'managing-information',
      title: 'Managing information',
      body: (
        <>
          <p>You stay in control of your information:</p>
          <ul>
            <li>You can update your name, e-mail address and profile picture, and change your password, in your profile.</li>
            <li>You can delete a single message, a whole conversation or all of your conversations at any time.</li>
            <li>
              You can delete your account. This permanently removes your conversation history, profile information and uploaded documents from all of our
              storage, and cancels an active subscription.
            </li>
            <li>You can change your cookie choice at any time (see section 6).</li>
            <li>
              You can ask us for a copy of your information, or to correct or delete it, through our <Link href="/contact">contact page</Link>. We may need to
              confirm your identity before acting on a request.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'disclosure',
      title: 'Disclosure of information',
      body: (
        <>
          <p>
            <strong>We do not sell your personal information</strong> and we do not share it for advertising. We share it only:
          </p>
          <ul>
            <li>
              with service providers who process it on our behalf to run {appName}: hosting and database providers, our e-mail delivery service, our payment
              processor and our generative AI provider, each limited to what they need for their task;
            </li>
            <li>when the law requires it, for example in response to a valid court order, or to protect the rights, property or safety of our users or others;</li>
            <li>with a buyer or successor if {companyName} is involved in a merger, acquisition or sale of assets, who must continue to honour this policy;</li>
            <li>with your consent, or at your direction.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'Retention of information',
      body: (
        <>
          <p>
            We keep your account information for as long as your account exists. Premium accounts&apos; conversations are kept for as long as the account
            exists.{' '}
            <span {...{ [freeRetentionText.marker]: '' }}>{freeRetentionText.deletionSentence(clientConfig.freeRetentionDays)}</span>
          </p>
          <p>
            When you delete a message, a conversation or your account, that content is removed permanently from all of our storage. Deleting your account
            removes your name, e-mail address, password, photo, conversations, documents, sign-in sessions and the messages you sent us through the contact
            page, and frees your e-mail address for a new account. Some records are kept longer where the law requires it: payment records (amounts, dates
            and the payment processor&apos;s reference numbers) are kept for the period tax law prescribes, and we keep a record that an account was deleted,
            when, and the reason you gave, if any, without your name or e-mail address. Messages sent through the contact page are kept for as long as needed to handle them. Server
            logs are kept for a short period for security and then deleted.
          </p>
        </>
      ),
    },
    {
      id: 'cookies',
      title: 'Cookies',
      body: (
        <>
          <p>Cookies and similar browser storage let a website remember things between visits. We use two kinds:</p>
          <ul>
            <li>
              <strong>Essential:</strong> a session cookie that keeps you signed in and protects your account. It ends when you close the browser, or after{' '}
              {REMEMBER_ME_DAYS} days if you chose &quot;Stay signed in&quot;. We also keep your cookie choice and, during sign-up and checkout, the plan you
              picked in your browser&apos;s storage. The service cannot work without these, so they do not need consent.
            </li>
            <li>
              <strong>Analytics:</strong> counting page views, used only if you choose &quot;Accept All&quot; (see section 7).
            </li>
          </ul>
          <p>
            The banner at the bottom of the page asks for your choice the first time you visit. If you are signed in, your choice is saved with your account
            and can be changed in your profile&apos;s cookie preferences; otherwise it is saved in your browser, and clearing this site&apos;s data in your
            browser lets you choose again. We do not use advertising cookies.
          </p>
        </>
      ),
    },
    {
      id: 'data-analytics',
      title: 'Data analytics',
      body: (
        <>
          <p>
            If you accept analytics cookies, we record which pages of {appName} are viewed so that we can see which pages help people and which do not. We
            record the address of the page only, without your name, e-mail address, account identifier or the content of your conversations, and we look at
            the results in aggregate. We do not use third-party advertising or cross-site tracking tools.
          </p>
          <p>If you choose &quot;Essential Only&quot;, no page views are recorded.</p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Privacy of children',
      body: (
        <>
          <p>
            {appName} is intended for adults. You must be at least {MINIMUM_AGE} years old to create an account. Anyone under {MINIMUM_AGE} must not provide
            any personal information to us. We do not knowingly collect personal information from children; if we learn that we have, we delete it. If you
            believe a child has given us personal information, please <Link href="/contact">contact us</Link>.
          </p>
        </>
      ),
    },
    {
      id: 'do-not-track',
      title: 'Do Not Track signals',
      body: (
        <>
          <p>
            Some browsers can send a &quot;Do Not Track&quot; signal. There is no common standard for how websites should respond to it, so we do not change
            our behaviour when we receive one. We do not track you across other websites in any case, and analytics run only if you accept them.
          </p>
        </>
      ),
    },
    {
      id: 'email-marketing',
      title: 'E-mail marketing',
      body: (
        <>
          <p>
            We send e-mails the service requires, such as password resets, receipts and important notices about your account or these policies; you cannot
            opt out of these while you have an account. We send news and offers only if you have agreed to receive them, and every such e-mail contains a
            link to unsubscribe. Unsubscribing does not affect service e-mails.
          </p>
        </>
      ),
    },
    {
      id: 'push-notifications',
      title: 'Push notifications',
      body: (
        <>
          <p>
            If you install {appName} on your device and allow notifications, we receive a push notification device token: a random identifier that lets us
            send notifications to that device. We use it only to send the notifications you allowed, and delete it when you turn notifications off or
            delete your account. You can turn notifications off at any time in your device or browser settings.
          </p>
        </>
      ),
    },
    {
      id: 'links',
      title: 'Links to other resources',
      body: (
        <>
          <p>
            {appName} may contain links to websites and services that we do not operate, such as our payment processor&apos;s pages. This policy does not
            cover them; we encourage you to read the privacy policy of every site you visit.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Information security',
      body: (
        <>
          <p>We protect your information with measures that fit its sensitivity, including:</p>
          <ul>
            <li>encryption of all traffic between your browser and our servers (HTTPS);</li>
            <li>passwords stored only as salted, slow one-way hashes (argon2id), never in readable form;</li>
            <li>sign-in cookies that scripts cannot read, and protection against cross-site requests;</li>
            <li>card payments handled entirely by our payment processor, which is certified to the payment card industry&apos;s security standard;</li>
            <li>access to personal information limited to the people and systems that need it.</li>
          </ul>
          <p>No method of transmission or storage is completely secure, so we cannot guarantee absolute security. Please keep your password to yourself.</p>
        </>
      ),
    },
    {
      id: 'data-breach',
      title: 'Data breach',
      body: (
        <>
          <p>
            If we become aware that the security of {appName} has been compromised and users&apos; personal information has been disclosed to unauthorised
            parties, we will investigate, take reasonable steps to limit the harm, and notify affected users and the relevant authorities as the law
            requires, by e-mail or with a prominent notice in the app.
          </p>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes and amendments',
      body: (
        <>
          <p>
            We may update this policy as {appName} or the law changes. The date at the top of this page shows when it last changed. If we make significant
            changes, we will tell you by e-mail or with a notice in the app before they take effect. Using the service after an update means you accept the
            updated policy.
          </p>
        </>
      ),
    },
    {
      id: 'acceptance',
      title: 'Acceptance of this policy',
      body: (
        <>
          <p>
            By creating an account or using {appName}, you confirm that you have read this policy and agree to it. If you do not agree, please do not use
            the service.
          </p>
        </>
      ),
    },
    {
      id: 'contacting-us',
      title: 'Contacting us',
      body: (
        <>
          <p>
            {appName} is operated by {companyName}. If you have a question about this policy, want to exercise your rights over your information, or want
            to report a concern, please send us a message through our <Link href="/contact">contact page</Link>. We aim to answer within a few business
            days.
          </p>
        </>
      ),
    },
  ];

  return (
    <LegalLayout
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal information {companyName} (&quot;we&quot;, &quot;us&quot;) collects when you use {appName}, how we use and
          protect it, and the choices you have. We wrote it to be read, not skimmed past: the short version is that we collect what we need to give you
          good advice, we never sell it, and you can delete it whenever you like.
        </p>
      }
      sections={sections}
    />
  );
}
