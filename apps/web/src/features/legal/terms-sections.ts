/** The Terms and Conditions text; every fact of spec §2.2 appears here. */
export interface TermsSection {
  title: string;
  paragraphs: string[];
}

export const TERMS_LAST_UPDATED = 'April 25, 2023';

export const TERMS_SECTIONS: TermsSection[] = [
  {
    title: 'Agreement to these terms',
    paragraphs: [
      'These Terms and Conditions govern your use of Mindspend. By creating an account or using the service you agree to them. If you do not agree, do not use Mindspend.',
    ],
  },
  {
    title: 'Eligibility and minors',
    paragraphs: [
      'You must be of legal age in your place of residence to create an account. Minors may use Mindspend only with the permission and supervision of a parent or legal guardian, who accepts these terms on their behalf.',
    ],
  },
  {
    title: 'Plans, payments and cancellation',
    paragraphs: [
      'Mindspend offers a free plan (Manual Entry) and a paid plan (Transaction Imports) at $9.99 per month.',
      'We accept Visa, Mastercard, American Express and Discover. All payments are made in US dollars.',
      'You may cancel your subscription at any time. Cancellation takes effect at the end of the paid term; you keep paid features until then and are not charged again.',
    ],
  },
  {
    title: 'Your data',
    paragraphs: [
      'You are responsible for the accuracy of the information you enter or import. You may delete your account and all of its data at any time from Account Settings.',
    ],
  },
  {
    title: 'Privacy (Gramm-Leach-Bliley Act)',
    paragraphs: [
      'In line with the Gramm-Leach-Bliley Act (GLBA), we explain how we collect, use and protect your nonpublic personal financial information. We collect only what is needed to provide the service, such as account balances and transactions you enter, import or link. We do not sell your personal information and do not share it with non-affiliated third parties except as needed to provide the service (for example a payment processor or a bank-linking provider you choose to use) or as required by law. We protect your information with administrative, technical and physical safeguards.',
    ],
  },
  {
    title: 'Limitation of liability',
    paragraphs: [
      'Mindspend is a budgeting tool and does not give financial, tax or legal advice. To the fullest extent permitted by law, our total liability for any claim relating to the service is limited to the amounts you paid us in the one (1) month before the event giving rise to the claim.',
    ],
  },
  {
    title: 'Time limit for claims',
    paragraphs: [
      'Any claim arising out of or relating to these terms or the service must be filed within one (1) year after the claim arose; otherwise it is permanently barred.',
    ],
  },
  {
    title: 'Governing law',
    paragraphs: [
      'These terms are governed by the laws of the State of Oregon, United States, without regard to its conflict-of-law rules.',
    ],
  },
  {
    title: 'Changes and contact',
    paragraphs: [
      'We may update these terms; the date above shows the latest version. Questions about these terms can be sent through the Contact page.',
    ],
  },
];
