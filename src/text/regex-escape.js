/** The string as a literal inside a JavaScript regular expression (`new RegExp(\`\\b${escapeRe(name)}\\b\`)`). */
export function escapeRe(s) {
    return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
