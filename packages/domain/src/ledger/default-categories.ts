/**
 * Mindspend's default category tree (DECISIONS.md #16): what a US household spends on and earns
 * from, each sub-category with an emoji. Ids are assigned by the database in this order.
 */

export type CategoryType = 'income' | 'expense';

export interface DefaultCategory {
  name: string;
  type: CategoryType;
  subcategories: ReadonlyArray<{ name: string; emoji: string }>;
}

const sub = (emoji: string, name: string) => ({ name, emoji });

export const DEFAULT_CATEGORIES: readonly DefaultCategory[] = [
  {
    name: 'Income',
    type: 'income',
    subcategories: [
      sub('💵', 'Paycheck'),
      sub('🎁', 'Bonus'),
      sub('💼', 'Freelance'),
      sub('🏢', 'Business Income'),
      sub('📈', 'Interest'),
      sub('💹', 'Dividends'),
      sub('🏠', 'Rental Income'),
      sub('🧾', 'Tax Refund'),
      sub('🎀', 'Gifts Received'),
      sub('↩️', 'Refunds & Reimbursements'),
      sub('🏛️', 'Government Benefits'),
      sub('👴', 'Pension & Retirement'),
      sub('➕', 'Other Income'),
    ],
  },
  {
    name: 'Housing',
    type: 'expense',
    subcategories: [
      sub('🏠', 'Rent'),
      sub('🏡', 'Mortgage'),
      sub('🏘️', 'HOA Fees'),
      sub('🛡️', "Renter's & Home Insurance"),
      sub('🧾', 'Property Tax'),
      sub('🔨', 'Home Maintenance'),
      sub('🛋️', 'Furniture & Home Goods'),
    ],
  },
  {
    name: 'Utilities',
    type: 'expense',
    subcategories: [
      sub('⚡', 'Electric'),
      sub('🔥', 'Gas & Heating'),
      sub('💧', 'Water & Sewer'),
      sub('🗑️', 'Trash & Recycling'),
      sub('🌐', 'Internet'),
      sub('📱', 'Cell Phone'),
      sub('📺', 'Cable & TV'),
    ],
  },
  {
    name: 'Food',
    type: 'expense',
    subcategories: [
      sub('🛒', 'Groceries'),
      sub('🍽️', 'Dining Out'),
      sub('☕', 'Coffee Shops'),
      sub('🥡', 'Takeout & Delivery'),
      sub('🍷', 'Alcohol & Bars'),
    ],
  },
  {
    name: 'Transportation',
    type: 'expense',
    subcategories: [
      sub('⛽', 'Fuel'),
      sub('🚗', 'Auto Loan'),
      sub('🚙', 'Auto Insurance'),
      sub('🔧', 'Car Maintenance'),
      sub('🅿️', 'Parking & Tolls'),
      sub('🚌', 'Public Transit'),
      sub('🚕', 'Rideshare & Taxi'),
    ],
  },
  {
    name: 'Health',
    type: 'expense',
    subcategories: [
      sub('🩺', 'Health Insurance'),
      sub('🏥', 'Doctor & Hospital'),
      sub('🦷', 'Dental'),
      sub('👓', 'Vision'),
      sub('💊', 'Pharmacy'),
      sub('🏋️', 'Gym & Fitness'),
      sub('🧠', 'Therapy & Mental Health'),
    ],
  },
  {
    name: 'Debt',
    type: 'expense',
    subcategories: [
      sub('💳', 'Credit Card Payment'),
      sub('🎓', 'Student Loans'),
      sub('🏦', 'Personal Loan'),
      sub('📉', 'Other Debt'),
    ],
  },
  {
    name: 'Personal',
    type: 'expense',
    subcategories: [
      sub('👕', 'Clothing'),
      sub('💇', 'Hair & Beauty'),
      sub('🎮', 'Hobbies'),
      sub('🎬', 'Entertainment'),
      sub('🎵', 'Streaming Subscriptions'),
      sub('📚', 'Books & Learning'),
      sub('✈️', 'Travel & Vacation'),
      sub('💻', 'Electronics & Software'),
    ],
  },
  {
    name: 'Family',
    type: 'expense',
    subcategories: [
      sub('👶', 'Childcare'),
      sub('🏫', 'School & Tuition'),
      sub('🧸', 'Kids Activities & Toys'),
      sub('🐾', 'Pet Care'),
      sub('🎂', 'Gifts'),
      sub('👵', 'Family Support'),
    ],
  },
  {
    name: 'Giving',
    type: 'expense',
    subcategories: [sub('❤️', 'Charity & Donations'), sub('⛪', 'Religious Giving')],
  },
  {
    name: 'Savings',
    type: 'expense',
    subcategories: [
      sub('🐖', 'Emergency Fund'),
      sub('🏖️', 'Retirement Savings'),
      sub('📊', 'Investments'),
      sub('🎯', 'Savings Goals'),
    ],
  },
  {
    name: 'Financial',
    type: 'expense',
    subcategories: [
      sub('🏦', 'Bank Fees'),
      sub('🧮', 'Taxes'),
      sub('📋', 'Life Insurance'),
      sub('⚖️', 'Legal & Professional'),
    ],
  },
  {
    name: 'Shopping',
    type: 'expense',
    subcategories: [sub('🛍️', 'General Merchandise'), sub('📦', 'Online Shopping'), sub('🧴', 'Household Supplies')],
  },
  {
    name: 'Other',
    type: 'expense',
    subcategories: [sub('❓', 'Miscellaneous'), sub('🚨', 'Unexpected Expenses')],
  },
];

/** Emoji shown for an entity in Transaction Details when it has no budget (spec §2.4). */
export const DEFAULT_ENTITY_EMOJI = '🏢';
