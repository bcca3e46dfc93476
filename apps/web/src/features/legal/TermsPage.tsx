import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { TERMS_LAST_UPDATED, TERMS_SECTIONS } from './terms-sections';

/** Terms and Conditions (spec §2.2), opened in a new tab from registration. */
export function TermsPage() {
  return (
    <Container size="md" py="xl">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }}>
        <Stack gap="lg">
          <div>
            <Title order={1}>Terms and Conditions</Title>
            <Text c="dimmed" mt={4}>
              Last updated {TERMS_LAST_UPDATED}
            </Text>
          </div>
          {TERMS_SECTIONS.map((section, index) => (
            <section key={section.title}>
              <Title order={2} fz="h4" mb={6}>
                {index + 1}. {section.title}
              </Title>
              <Stack gap={6}>
                {section.paragraphs.map((paragraph) => (
                  <Text key={paragraph} lh={1.65}>
                    {paragraph}
                  </Text>
                ))}
              </Stack>
            </section>
          ))}
        </Stack>
      </Paper>
    </Container>
  );
}
