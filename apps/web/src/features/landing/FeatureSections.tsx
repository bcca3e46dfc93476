import { Container, Stack } from '@mantine/core';
import { IconCategory, IconPigMoney, IconReportMoney, IconTargetArrow } from '@tabler/icons-react';
import { BudgetsIllustration } from './BudgetsIllustration';
import { CategoriesIllustration } from './CategoriesIllustration';
import { FeatureRow } from './FeatureRow';
import { GoalsIllustration } from './GoalsIllustration';
import { SaveIllustration } from './SaveIllustration';

/** The four feature sections of spec §1: categories, budgets, saving goals, save. */
export function FeatureSections() {
  return (
    <Container size="lg" py={{ base: 48, md: 80 }} id="features">
      <Stack gap={72}>
        <FeatureRow
          icon={<IconCategory size={22} />}
          eyebrow="Categories"
          title="Every purchase in its place"
          text="Groceries, rent, dining, the gym: transactions fall into clear categories and sub-categories, and you can split one purchase across several."
          illustration={<CategoriesIllustration />}
        />
        <FeatureRow
          reverse
          icon={<IconReportMoney size={22} />}
          eyebrow="Budgets"
          title="Bills and flexible expenses, month by month"
          text="Plan bills that are due in full and flexible spending that is spread over the month. See what is paid, what is due soon and what is left."
          illustration={<BudgetsIllustration />}
        />
        <FeatureRow
          icon={<IconTargetArrow size={22} />}
          eyebrow="Saving goals"
          title="Goals that tell you what to put aside"
          text="Set a target and a date; Mindspend shows how much you have saved and how much you need each month to get there."
          illustration={<GoalsIllustration />}
        />
        <FeatureRow
          reverse
          icon={<IconPigMoney size={22} />}
          eyebrow="Save"
          title="Spend on what feels good. Save the rest."
          text="Tag how each purchase felt and what it was for. Cutting the spending you regret is the easiest saving there is."
          illustration={<SaveIllustration />}
        />
      </Stack>
    </Container>
  );
}
