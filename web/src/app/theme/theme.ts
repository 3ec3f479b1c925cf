import type { ThemeConfig } from 'antd';

// Tokens chosen so that text meets WCAG AA contrast (4.5:1) and axe's colour-contrast
// rule passes: antd's default primary (#1677ff), error red, tertiary text and the light
// preset tag colours (gold, green, ...) are too pale on white or on their tinted
// backgrounds. The values are antd's own palette, one or two steps darker.
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    // Hovered links (a phone's tap leaves the pointer on them) stay dark enough too.
    colorLinkHover: '#003eb3',
    colorLinkActive: '#002c8c',
    // A primary button under the pointer (as it is right after a click) keeps white text readable.
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorInfo: '#0958d9',
    colorSuccess: '#237804',
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    // Select and input placeholders are real text nodes that axe checks.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    // Preset tag text (`${colour}7` on `${colour}1`). With CSS variables both spellings
    // become --ant-gold-7, and the palette's `gold-7` would win: set both.
    volcano7: '#ad2102',
    'volcano-7': '#ad2102',
    orange7: '#ad4e00',
    'orange-7': '#ad4e00',
    gold7: '#874d00',
    'gold-7': '#874d00',
    yellow7: '#876800',
    'yellow-7': '#876800',
    lime7: '#3f6600',
    'lime-7': '#3f6600',
    green7: '#237804',
    'green-7': '#237804',
    cyan7: '#006d75',
    'cyan-7': '#006d75',
    borderRadius: 6,
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      headerPadding: '0 16px',
      siderBg: '#ffffff',
      bodyBg: '#f5f5f5',
    },
  },
};
