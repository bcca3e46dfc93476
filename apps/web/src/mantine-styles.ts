/**
 * Mantine's CSS, per component instead of the whole of `@mantine/core/styles.css` (290 kB): here
 * the global styles and the components of the navigation bar and the public pages; the signed-in
 * app's own components come with its guard (mantine-app-styles.ts), the navigation drawer, the user
 * menu and the notifications with their lazily loaded modules. Files are imported in Mantine's
 * documented order (globals, then components others are built on, then the rest), and the
 * `.layer.css` variants put them all in `@layer mantine`, so the order in which lazily loaded
 * stylesheets arrive cannot let Mantine override the app's own CSS (DECISIONS.md #32). A component
 * added to a screen needs its line in one of these files; without it, it renders unstyled.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';

// Built upon by other components (Button on UnstyledButton, TextInput and NativeSelect on Input…).
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Flex.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import '@mantine/core/styles/RadioIndicator.layer.css';
// Anchor is a Text: Text's `text-decoration: none` must come before Anchor's underline, or it wins
// (same layer, same specificity) and every link loses its underline (axe: link-in-text-block).
import '@mantine/core/styles/Text.layer.css';

// The navigation bar and the public pages (TextInput, Textarea and NativeSelect have no styles of
// their own beyond Input's).
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Title.layer.css';
