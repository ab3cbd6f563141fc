import { objectKey } from './attributes.js';

/**
 * What kind of tool, service or device a product is, so that switching from one to another of the same kind
 * supersedes it ("uses Spotify" → "switched to Apple Music": both tool:music). Known products first; otherwise the
 * purpose the sentence names ("for project tracking"), or the generic noun ("my phone", "my laptop").
 */
const PRODUCTS: [RegExp, string][] = [
  [/\b(?:spotify|apple music|tidal|deezer|pandora|youtube music|amazon music|soundcloud|qobuz)\b/i, 'music'],
  [/\b(?:iphone|pixel|galaxy s\d*|galaxy|oneplus|motorola|moto g|nokia|xperia|fairphone|xiaomi|huawei)\b/i, 'phone'],
  // A laptop, a desktop and the system they run are one thing one works on: "on Windows" → "on macOS now".
  [/\b(?:macbook|imac|mac mini|mac|thinkpad|chromebook|surface laptop|xps|zenbook|framework laptop|laptop|desktop|pc|windows|macos|mac os|os x|linux|ubuntu|fedora|debian|arch linux|chromeos|chrome os)\b/i, 'computer'],
  [/\b(?:ipad|kindle|kobo|tablet|e-reader)\b/i, 'tablet'],
  [/\b(?:jira|linear|asana|trello|clickup|monday\.com|youtrack|shortcut|basecamp|github issues|gitlab issues)\b/i, 'issue tracker'],
  [/\b(?:vs ?code|visual studio code|vim|neovim|emacs|intellij|webstorm|pycharm|sublime text|cursor|zed)\b/i, 'editor'],
  [/\b(?:chrome|firefox|safari|brave|edge|arc browser|opera|vivaldi)\b/i, 'browser'],
  [/\b(?:notion|obsidian|evernote|onenote|bear|roam|logseq|apple notes|google keep)\b/i, 'notes'],
  [/\b(?:slack|microsoft teams|teams|discord|mattermost|zulip)\b/i, 'team chat'],
  [/\b(?:whatsapp|signal|telegram|imessage|messenger|wechat)\b/i, 'messenger'],
  [/\b(?:gmail|outlook|protonmail|proton mail|fastmail|hey\.com|yahoo mail)\b/i, 'email'],
  // "Disney+": no word boundary after the plus, so the name ends where no word character or plus follows.
  [/\b(?:netflix|hulu|disney\+|hbo max|max|prime video|apple tv\+?|paramount\+|now tv)(?![\w+])/i, 'streaming'],
  [/\b(?:duolingo|babbel|rosetta stone|busuu)\b/i, 'language app'],
  [/\b(?:strava|garmin connect|fitbit|apple watch|whoop|oura)\b/i, 'fitness tracker'],
  [/\b(?:aws|azure|gcp|google cloud|heroku|vercel|netlify|digitalocean)\b/i, 'cloud'],
  [/\b(?:figma|sketch|adobe xd|photoshop|illustrator|canva)\b/i, 'design tool'],
  [/\b(?:github|gitlab|bitbucket)\b/i, 'code hosting'],
  [/\b(?:mint|ynab|quicken|monarch)\b/i, 'budgeting'],
  [/\b(?:uber eats|doordash|deliveroo|grubhub|instacart)\b/i, 'delivery'],
];

const GENERIC = /\b(?:phone|computer|tablet|watch|headphones|camera|browser|editor|bank)\b/i;
const PURPOSE_STOP = /\b(?:work|fun|everything|now|years?|months?|a while|free|personal use)\b/i;

/** The category of a product, from the product itself, then the sentence's "for …" purpose; null when unknown. */
export function toolCategory(product: string, rest = ''): string | null {
  for (const [re, category] of PRODUCTS) if (re.test(product)) return category;
  const purpose = /\bfor\s+(?:(?:my|our|the|his|her|their|all|its)\s+)*([\p{L}-]+(?:\s+[\p{L}-]+)?)/iu.exec(rest.slice(rest.indexOf(product) + product.length));
  if (purpose && !PURPOSE_STOP.test(purpose[1]!)) return objectKey(purpose[1]!.replace(/\s+(?:at|in|on|with)$/i, '').replace(/\s+(?:issues|tasks|tickets|projects)$/i, ' tracking'));
  const generic = GENERIC.exec(product);
  return generic ? generic[0].toLowerCase() : null;
}
