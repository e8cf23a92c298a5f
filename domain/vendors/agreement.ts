/**
 * The independent professional agreement (issue 12; docs/decisions/083-agreement-pdf.md). The text is
 * versioned: signing records the version the pro downloaded, and a new version needs a new signature.
 */
export const AGREEMENT_VERSION = "2026-11";

export interface AgreementParty {
  name: string;
  vendor_id: number;
  /** The date printed on the agreement, YYYY-MM-DD in the pro's zone. */
  date: string;
  /** Set once signed: when (YYYY-MM-DD HH:MM in the pro's zone). */
  signed?: string | null;
}

const CLAUSES = [
  "1. Independent business. You run your own business and choose which job offers to accept. You are not an employee.",
  "2. Services. You offer only the services you are approved for, and only while any licence they need is valid.",
  "3. Conduct. You arrive at the promised time, treat clients with respect and follow the safety and hygiene rules in the Help pages.",
  "4. Payments. Clients pay through the platform. Your payout for each completed job is shown before you accept it and is paid to your payout account.",
  "5. Cancellations. Cancelling or rescheduling an accepted job may carry a fee unless it is waived under the published rules.",
  "6. Reliability. Your reliability level starts at 50 and follows your record; some features need a higher level.",
  "7. Ending. You may deactivate your account at any time. We may suspend or end it for breach of this agreement.",
];

/** The lines of the agreement, personalised for one pro. */
export function agreementLines(p: AgreementParty): string[] {
  return [
    "Independent Professional Agreement",
    `Version ${AGREEMENT_VERSION}`,
    "",
    `Professional: ${p.name} (pro number ${p.vendor_id})`,
    `Date: ${p.date}`,
    "",
    ...CLAUSES,
    "",
    p.signed ? `Signed electronically by ${p.name} on ${p.signed}.` : "Not signed yet. Sign it in your business area.",
  ];
}
