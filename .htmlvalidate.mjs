// What the site's HTML is held to (tests/site/markup.test.ts; also read by the
// html-validate command line and editors). Every content-model and accessibility rule of the
// recommended set stays on, with the document rules (doctype, heading order, labelled inputs).
// The only rules changed are rules of style, each for the reason beside it; README "Tests" lists
// them too.
import { defineConfig } from 'html-validate';

export default defineConfig({
  root: true,
  extends: ['html-validate:recommended', 'html-validate:document'],
  rules: {
    // React's server renderer writes props under their DOM names (`autoComplete`, `maxLength`,
    // `noValidate`); HTML attribute names are case-insensitive, so these are what browsers read.
    // Upper case and PascalCase are still refused.
    'attr-case': ['error', { style: 'camelcase' }],
    // React writes boolean attributes as `disabled=""` and `hidden=""`, Astro as `disabled`: both
    // are the same attribute in HTML, and the renderers' output is not ours to restyle.
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    // React closes void elements (`<input />`), Astro does not (`<input>`): both are valid.
    'void-style': 'off',
    // React's useId gives ids such as `_r1R_1_`: valid HTML ids (unique, no spaces), only not
    // starting with a letter, which matters to hand-written CSS selectors and we write none.
    'valid-id': ['error', { relaxed: true }],
    // Subresource integrity guards files from other origins; every script and stylesheet of the
    // site comes from its own origin, with the page, so only a cross-origin one must carry it.
    'require-sri': ['error', { target: 'crossorigin' }],
    // A call button's text ("Call the seller") is not a phone number: buttons say they do not
    // wrap with Tailwind's class, the same thing the rule accepts as an inline style.
    'tel-non-breaking': ['error', { ignoreClasses: ['whitespace-nowrap'] }],
    // The vehicle form's description is a rich-text editor: a contenteditable with the textbox
    // role (and its stand-in until the editor loads), which a <textarea> cannot be.
    'prefer-native-element': ['error', { exclude: ['textbox'] }],
  },
});
