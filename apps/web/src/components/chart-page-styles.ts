/**
 * The CSS of a page with Mantine charts and their month pickers: the charts' own, the ColorSwatch
 * each legend marks a series with (nothing else in the app imports it, and Mantine's CSS is per
 * component: docs/DECISIONS.md #32), and the dates package's. Only the lazily loaded chart pages
 * (insights, reports) import this module, so other routes do not carry these bytes.
 */
import '@mantine/charts/styles.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
import '@mantine/dates/styles.layer.css';
