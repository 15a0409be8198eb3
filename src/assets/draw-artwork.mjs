// Draws the site's own stylised food and restaurant artwork as SVG and renders it to WebP with sharp,
// so every picture on the site is ours (nothing hot-linked). Run: node src/assets/draw-artwork.mjs
import sharp from "sharp";
import { mkdir } from "node:fs/promises";
import { dirname, join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");

// The brand palette, warm and syrupy, shared by every picture so the set reads as one series.
const C = {
  cream: "#fff4e2",
  butter: "#f6d27a",
  pancake: "#d99a4e",
  pancakeDark: "#b56f2e",
  syrup: "#7c2d12",
  berry: "#5b3a8c",
  strawberry: "#d7263d",
  leaf: "#3f7d3a",
  lettuce: "#7fb347",
  bun: "#e0a050",
  patty: "#5a2f1b",
  cheese: "#f5b82e",
  tomato: "#e04a2f",
  plate: "#fbfaf7",
  table: "#8a4b25",
  tableDark: "#6b3819",
  teal: "#1f6f6b",
  sky: "#f7b267",
  dusk: "#f4845f",
  night: "#2b2d42",
  ink: "#1c1917",
  coffee: "#4a2c1a",
  foam: "#f3e3c7",
  glass: "#dcecf2",
  wine: "#7b1e3a",
  beer: "#e8a33d",
  orange: "#f28c28",
};

const svg = (w, h, body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;

/** A wooden table top with a soft vignette: the background of every dish. */
function table(w, h, tint = C.table) {
  let grain = "";
  for (let y = 30; y < h; y += 46) grain += `<path d="M0 ${y} Q ${w / 3} ${y - 12} ${w / 2} ${y + 4} T ${w} ${y}" stroke="${C.tableDark}" stroke-opacity=".35" stroke-width="3" fill="none"/>`;
  return `<defs><radialGradient id="v" cx=".5" cy=".5" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".45"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="${tint}"/>${grain}<rect width="${w}" height="${h}" fill="url(#v)"/>`;
}

function plate(cx, cy, r) {
  return `<ellipse cx="${cx}" cy="${cy + r * 0.08}" rx="${r * 1.02}" ry="${r * 0.62}" fill="#000" opacity=".25"/>
  <ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${r * 0.6}" fill="${C.plate}"/>
  <ellipse cx="${cx}" cy="${cy}" rx="${r * 0.78}" ry="${r * 0.46}" fill="#efe9df"/>`;
}

function pancakeStack(cx, cy, r, layers, topping) {
  let out = "";
  for (let i = 0; i < layers; i++) {
    const y = cy - i * r * 0.16;
    out += `<ellipse cx="${cx}" cy="${y + r * 0.08}" rx="${r}" ry="${r * 0.42}" fill="${C.pancakeDark}"/>
    <ellipse cx="${cx}" cy="${y}" rx="${r}" ry="${r * 0.4}" fill="${C.pancake}"/>`;
  }
  const top = cy - (layers - 1) * r * 0.16;
  out += `<path d="M${cx - r * 0.7} ${top - r * 0.05} Q ${cx} ${top - r * 0.35} ${cx + r * 0.7} ${top} L ${cx + r * 0.75} ${top + r * 0.5} Q ${cx + r * 0.6} ${top + r * 0.2} ${cx + r * 0.45} ${top + r * 0.55} Q ${cx + r * 0.3} ${top + r * 0.15} ${cx} ${top + r * 0.3} Q ${cx - r * 0.4} ${top + r * 0.4} ${cx - r * 0.55} ${top + r * 0.7} Q ${cx - r * 0.65} ${top + r * 0.2} ${cx - r * 0.7} ${top - r * 0.05}Z" fill="${C.syrup}" opacity=".85"/>
  <rect x="${cx - r * 0.14}" y="${top - r * 0.22}" width="${r * 0.28}" height="${r * 0.16}" rx="${r * 0.03}" fill="${C.butter}"/>`;
  out += topping(cx, top - r * 0.1, r);
  return out;
}

const berries = (color, count = 7) => (cx, cy, r) => {
  let out = "";
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    out += `<circle cx="${cx + Math.cos(a) * r * 0.5}" cy="${cy + Math.sin(a) * r * 0.18}" r="${r * 0.08}" fill="${color}"/>`;
  }
  return out;
};

function burger(cx, cy, r) {
  return `<ellipse cx="${cx}" cy="${cy + r * 0.62}" rx="${r * 1.05}" ry="${r * 0.18}" fill="#000" opacity=".3"/>
  <path d="M${cx - r} ${cy + r * 0.35} h${2 * r} a ${r * 0.2} ${r * 0.2} 0 0 1 ${-r * 0.2} ${r * 0.25} h${-1.6 * r} a ${r * 0.2} ${r * 0.2} 0 0 1 ${-r * 0.2} ${-r * 0.25}Z" fill="${C.bun}"/>
  <rect x="${cx - r * 1.02}" y="${cy + r * 0.08}" width="${r * 2.04}" height="${r * 0.3}" rx="${r * 0.14}" fill="${C.patty}"/>
  <path d="M${cx - r * 1.05} ${cy + r * 0.05} h${2.1 * r} l${-r * 0.2} ${r * 0.22} l${-r * 0.25} ${-r * 0.12} l${-r * 0.3} ${r * 0.18} l${-r * 0.3} ${-r * 0.16} l${-r * 0.3} ${r * 0.2} l${-r * 0.3} ${-r * 0.18}Z" fill="${C.cheese}"/>
  <rect x="${cx - r * 0.95}" y="${cy - r * 0.1}" width="${r * 1.9}" height="${r * 0.14}" rx="${r * 0.07}" fill="${C.tomato}"/>
  <path d="M${cx - r * 1.08} ${cy - r * 0.1} q ${r * 0.27} ${-r * 0.14} ${r * 0.54} 0 t ${r * 0.54} 0 t ${r * 0.54} 0 t ${r * 0.54} 0" stroke="${C.lettuce}" stroke-width="${r * 0.1}" fill="none" stroke-linecap="round"/>
  <path d="M${cx - r} ${cy - r * 0.14} Q ${cx - r} ${cy - r * 0.95} ${cx} ${cy - r * 0.95} Q ${cx + r} ${cy - r * 0.95} ${cx + r} ${cy - r * 0.14}Z" fill="${C.bun}"/>
  ${[-0.5, -0.2, 0.15, 0.45, -0.05, 0.3].map((d, i) => `<ellipse cx="${cx + d * r}" cy="${cy - r * (0.55 + (i % 2) * 0.15)}" rx="${r * 0.04}" ry="${r * 0.02}" fill="${C.cream}"/>`).join("")}`;
}

function fries(cx, cy, r) {
  let sticks = "";
  for (let i = 0; i < 11; i++) {
    const x = cx - r * 0.5 + (i * r) / 10;
    const tilt = (i - 5) * 3;
    sticks += `<rect x="${x}" y="${cy - r * 1.05 + (i % 3) * r * 0.08}" width="${r * 0.09}" height="${r * 0.9}" rx="${r * 0.02}" fill="${i % 2 ? C.butter : "#f0c050"}" transform="rotate(${tilt} ${x} ${cy})"/>`;
  }
  return `${sticks}<path d="M${cx - r * 0.6} ${cy - r * 0.3} L ${cx + r * 0.6} ${cy - r * 0.3} L ${cx + r * 0.45} ${cy + r * 0.6} L ${cx - r * 0.45} ${cy + r * 0.6}Z" fill="${C.strawberry}"/>
  <path d="M${cx - r * 0.3} ${cy} q ${r * 0.3} ${r * 0.3} ${r * 0.6} 0" stroke="${C.cream}" stroke-width="${r * 0.06}" fill="none"/>`;
}

function mug(cx, cy, r, drink = C.coffee) {
  return `<ellipse cx="${cx}" cy="${cy + r * 0.75}" rx="${r * 1.2}" ry="${r * 0.3}" fill="${C.plate}"/>
  <path d="M${cx + r * 0.7} ${cy - r * 0.2} a ${r * 0.35} ${r * 0.35} 0 1 1 0 ${r * 0.7}" stroke="${C.cream}" stroke-width="${r * 0.14}" fill="none"/>
  <path d="M${cx - r * 0.75} ${cy - r * 0.5} h${1.5 * r} l${-r * 0.1} ${r * 1.15} q 0 ${r * 0.1} ${-r * 0.1} ${r * 0.1} h${-1.1 * r} q ${-r * 0.1} 0 ${-r * 0.1} ${-r * 0.1}Z" fill="${C.cream}"/>
  <ellipse cx="${cx}" cy="${cy - r * 0.5}" rx="${r * 0.75}" ry="${r * 0.18}" fill="${drink}"/>
  <path d="M${cx - r * 0.25} ${cy - r * 0.5} q ${r * 0.25} ${-r * 0.15} ${r * 0.25} 0 q 0 ${r * 0.1} ${r * 0.2} 0" stroke="${C.foam}" stroke-width="${r * 0.06}" fill="none"/>
  <path d="M${cx - r * 0.2} ${cy - r * 0.8} q ${-r * 0.15} ${-r * 0.2} 0 ${-r * 0.4} M${cx + r * 0.15} ${cy - r * 0.8} q ${-r * 0.15} ${-r * 0.2} 0 ${-r * 0.4}" stroke="${C.cream}" stroke-opacity=".6" stroke-width="${r * 0.05}" fill="none" stroke-linecap="round"/>`;
}

function coupe(cx, cy, r, drink, garnish) {
  return `<path d="M${cx - r * 0.8} ${cy - r * 0.6} Q ${cx} ${cy + r * 0.2} ${cx + r * 0.8} ${cy - r * 0.6}Z" fill="${drink}" opacity=".9"/>
  <path d="M${cx - r * 0.8} ${cy - r * 0.6} Q ${cx} ${cy + r * 0.2} ${cx + r * 0.8} ${cy - r * 0.6}" stroke="${C.glass}" stroke-width="${r * 0.05}" fill="none"/>
  <rect x="${cx - r * 0.03}" y="${cy - r * 0.22}" width="${r * 0.06}" height="${r * 0.85}" fill="${C.glass}"/>
  <ellipse cx="${cx}" cy="${cy + r * 0.65}" rx="${r * 0.35}" ry="${r * 0.08}" fill="${C.glass}"/>
  <circle cx="${cx + r * 0.6}" cy="${cy - r * 0.68}" r="${r * 0.16}" fill="${garnish}"/>`;
}

function tallGlass(cx, cy, r, drink, foam) {
  return `<path d="M${cx - r * 0.45} ${cy - r * 0.9} h${0.9 * r} l${-r * 0.08} ${r * 1.7} h${-0.74 * r}Z" fill="${C.glass}" opacity=".5"/>
  <path d="M${cx - r * 0.42} ${cy - r * 0.65} h${0.84 * r} l${-r * 0.06} ${r * 1.42} h${-0.72 * r}Z" fill="${drink}"/>
  ${foam ? `<rect x="${cx - r * 0.44}" y="${cy - r * 0.8}" width="${r * 0.88}" height="${r * 0.2}" rx="${r * 0.06}" fill="${foam}"/>` : ""}
  ${[0, 1, 2, 3].map((i) => `<circle cx="${cx - r * 0.2 + i * r * 0.12}" cy="${cy + r * 0.5 - i * r * 0.3}" r="${r * 0.03}" fill="#fff" opacity=".7"/>`).join("")}`;
}

function wineGlass(cx, cy, r, drink) {
  return `<path d="M${cx - r * 0.45} ${cy - r * 0.9} Q ${cx - r * 0.5} ${cy} ${cx} ${cy + r * 0.05} Q ${cx + r * 0.5} ${cy} ${cx + r * 0.45} ${cy - r * 0.9}Z" fill="${C.glass}" opacity=".45"/>
  <path d="M${cx - r * 0.47} ${cy - r * 0.45} Q ${cx - r * 0.45} ${cy} ${cx} ${cy + r * 0.05} Q ${cx + r * 0.45} ${cy} ${cx + r * 0.47} ${cy - r * 0.45}Z" fill="${drink}"/>
  <rect x="${cx - r * 0.03}" y="${cy}" width="${r * 0.06}" height="${r * 0.7}" fill="${C.glass}"/>
  <ellipse cx="${cx}" cy="${cy + r * 0.72}" rx="${r * 0.3}" ry="${r * 0.07}" fill="${C.glass}"/>`;
}

function bowlSalad(cx, cy, r) {
  let leaves = "";
  for (let i = 0; i < 14; i++) {
    const a = (i / 14) * Math.PI * 2;
    leaves += `<ellipse cx="${cx + Math.cos(a) * r * 0.45}" cy="${cy + Math.sin(a) * r * 0.22}" rx="${r * 0.22}" ry="${r * 0.1}" fill="${i % 2 ? C.lettuce : C.leaf}" transform="rotate(${(a * 180) / Math.PI} ${cx + Math.cos(a) * r * 0.45} ${cy + Math.sin(a) * r * 0.22})"/>`;
  }
  return `${plate(cx, cy, r)}${leaves}${[0, 1, 2, 3, 4].map((i) => `<circle cx="${cx - r * 0.35 + i * r * 0.18}" cy="${cy - r * 0.05 + (i % 2) * r * 0.1}" r="${r * 0.08}" fill="${C.tomato}"/>`).join("")}
  ${[0, 1, 2].map((i) => `<ellipse cx="${cx - r * 0.2 + i * r * 0.2}" cy="${cy + r * 0.12}" rx="${r * 0.09}" ry="${r * 0.05}" fill="#cfe8b0" stroke="${C.leaf}" stroke-width="3"/>`).join("")}`;
}

function flatbread(cx, cy, r) {
  let pep = "";
  for (let i = 0; i < 9; i++) {
    const a = (i / 9) * Math.PI * 2;
    pep += `<ellipse cx="${cx + Math.cos(a) * r * 0.5}" cy="${cy + Math.sin(a) * r * 0.28}" rx="${r * 0.1}" ry="${r * 0.06}" fill="${C.tomato}" stroke="${C.syrup}" stroke-width="3"/>`;
  }
  return `<path d="M${cx - r * 1.1} ${cy - r * 0.35} Q ${cx} ${cy - r * 0.6} ${cx + r * 1.1} ${cy - r * 0.3} L ${cx + r * 1.0} ${cy + r * 0.4} Q ${cx} ${cy + r * 0.6} ${cx - r * 1.05} ${cy + r * 0.35}Z" fill="${C.bun}"/>
  <path d="M${cx - r * 0.95} ${cy - r * 0.25} Q ${cx} ${cy - r * 0.45} ${cx + r * 0.95} ${cy - r * 0.2} L ${cx + r * 0.85} ${cy + r * 0.3} Q ${cx} ${cy + r * 0.45} ${cx - r * 0.9} ${cy + r * 0.28}Z" fill="#fbe7b5"/>
  ${pep}<path d="M${cx - r * 0.8} ${cy} q ${r * 0.4} ${-r * 0.2} ${r * 0.8} 0 t ${r * 0.8} 0" stroke="${C.syrup}" stroke-width="${r * 0.04}" fill="none"/>`;
}

function sandwich(cx, cy, r) {
  return `<path d="M${cx - r} ${cy} L ${cx + r} ${cy - r * 0.3} L ${cx + r * 0.9} ${cy + r * 0.2} L ${cx - r * 0.9} ${cy + r * 0.5}Z" fill="${C.bun}"/>
  <path d="M${cx - r} ${cy - r * 0.05} L ${cx + r} ${cy - r * 0.35}" stroke="${C.lettuce}" stroke-width="${r * 0.12}"/>
  <path d="M${cx - r} ${cy - r * 0.15} L ${cx + r} ${cy - r * 0.45}" stroke="${C.strawberry}" stroke-width="${r * 0.1}"/>
  <path d="M${cx - r * 1.02} ${cy - r * 0.3} Q ${cx} ${cy - r * 1.1} ${cx + r * 1.02} ${cy - r * 0.58}Z" fill="${C.pancake}"/>`;
}

function dessert(cx, cy, r) {
  return `${plate(cx, cy + r * 0.3, r)}<path d="M${cx - r * 0.6} ${cy + r * 0.3} L ${cx + r * 0.5} ${cy + r * 0.1} L ${cx + r * 0.55} ${cy - r * 0.25} L ${cx - r * 0.55} ${cy - r * 0.05}Z" fill="#3b1f12"/>
  <path d="M${cx - r * 0.55} ${cy - r * 0.05} L ${cx + r * 0.55} ${cy - r * 0.25} L ${cx + r * 0.3} ${cy - r * 0.4} L ${cx - r * 0.7} ${cy - r * 0.2}Z" fill="#5a3020"/>
  <circle cx="${cx + r * 0.1}" cy="${cy - r * 0.45}" r="${r * 0.28}" fill="#fbf3e0"/>
  <path d="M${cx - r * 0.3} ${cy - r * 0.4} q ${r * 0.4} ${r * 0.3} ${r * 0.8} 0" stroke="${C.syrup}" stroke-width="${r * 0.05}" fill="none"/>`;
}

/** A 4:3 dish picture: table, dish, a brand-coloured corner band. */
function dish(w, h, draw, tint) {
  return svg(w, h, `${table(w, h, tint)}${draw(w / 2, h / 2 + h * 0.06, Math.min(w, h) * 0.38)}`);
}

function skyline(w, h, { sun = true, night = false } = {}) {
  const skyTop = night ? C.night : C.dusk;
  let towers = "";
  const widths = [60, 90, 50, 110, 70, 80, 55, 100, 65, 85, 75, 95];
  let x = 0;
  let i = 0;
  while (x < w) {
    const tw = (widths[i % widths.length] * w) / 1600;
    const th = h * (0.25 + ((i * 37) % 40) / 100);
    towers += `<rect x="${x}" y="${h * 0.72 - th}" width="${tw - 6}" height="${th}" fill="${night ? "#1b1c2e" : C.teal}" opacity="${0.75 + (i % 3) * 0.08}"/>`;
    for (let wy = h * 0.72 - th + 14; wy < h * 0.7; wy += 22) {
      towers += `<rect x="${x + 8}" y="${wy}" width="${tw - 22}" height="6" fill="${night ? C.butter : C.cream}" opacity="${night ? 0.5 : 0.25}"/>`;
    }
    x += tw;
    i++;
  }
  const palm = (px, s) => `<path d="M${px} ${h} Q ${px + 10 * s} ${h - 150 * s} ${px - 5 * s} ${h - 260 * s}" stroke="#24322b" stroke-width="${12 * s}" fill="none"/>
    ${[-70, -30, 10, 50, 90, 140].map((a) => `<path d="M${px - 5 * s} ${h - 260 * s} q ${Math.cos((a * Math.PI) / 180) * 60 * s} ${-40 * s} ${Math.cos((a * Math.PI) / 180) * 120 * s} ${Math.sin((a * Math.PI) / 180) * 60 * s + 20 * s}" stroke="#24322b" stroke-width="${10 * s}" fill="none" stroke-linecap="round"/>`).join("")}`;
  return svg(w, h, `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${night ? "#8d5a97" : C.sky}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#s)"/>${sun ? `<circle cx="${w * 0.72}" cy="${h * 0.42}" r="${h * 0.14}" fill="${night ? "#fdf0d5" : "#ffe29a"}" opacity=".9"/>` : ""}
  ${towers}<rect y="${h * 0.72}" width="${w}" height="${h * 0.28}" fill="${night ? "#23304a" : "#2f8f9d"}"/>
  ${[0, 1, 2, 3].map((k) => `<path d="M0 ${h * (0.78 + k * 0.05)} q ${w / 8} -8 ${w / 4} 0 t ${w / 4} 0 t ${w / 4} 0 t ${w / 4} 0" stroke="#fff" stroke-opacity=".18" stroke-width="3" fill="none"/>`).join("")}
  ${palm(w * 0.1, h / 700)}${palm(w * 0.9, h / 800)}`);
}

/** The hero: a long brunch table seen from above, pancakes, burger, coffee and a cocktail. */
function hero(w, h) {
  return svg(w, h, `${table(w, h)}
  ${plate(w * 0.3, h * 0.55, h * 0.32)}${pancakeStack(w * 0.3, h * 0.56, h * 0.22, 5, berries(C.berry, 9))}
  ${plate(w * 0.68, h * 0.62, h * 0.26)}${burger(w * 0.68, h * 0.58, h * 0.17)}
  ${mug(w * 0.88, h * 0.28, h * 0.1)}${coupe(w * 0.1, h * 0.3, h * 0.13, C.orange, C.strawberry)}
  <path d="M${w * 0.48} ${h * 0.12} l ${h * 0.02} ${h * 0.36}" stroke="#d9d9d9" stroke-width="${h * 0.012}" stroke-linecap="round"/>
  <path d="M${w * 0.5} ${h * 0.12} l ${h * 0.02} ${h * 0.36}" stroke="#d9d9d9" stroke-width="${h * 0.006}" stroke-linecap="round"/>`);
}

function diningRoom(w, h) {
  let pendants = "";
  for (let i = 0; i < 5; i++) {
    const x = w * (0.15 + i * 0.175);
    pendants += `<line x1="${x}" y1="0" x2="${x}" y2="${h * 0.22}" stroke="${C.ink}" stroke-width="3"/><path d="M${x - 30} ${h * 0.28} q 30 -50 60 0Z" fill="${C.butter}"/><circle cx="${x}" cy="${h * 0.3}" r="40" fill="${C.butter}" opacity=".25"/>`;
  }
  let tables = "";
  for (let i = 0; i < 3; i++) {
    const x = w * (0.2 + i * 0.3);
    tables += `<rect x="${x - 80}" y="${h * 0.66}" width="160" height="18" rx="6" fill="${C.table}"/><rect x="${x - 6}" y="${h * 0.68}" width="12" height="${h * 0.2}" fill="${C.tableDark}"/>
    <rect x="${x - 120}" y="${h * 0.58}" width="40" height="${h * 0.3}" rx="8" fill="${C.teal}"/><rect x="${x + 80}" y="${h * 0.58}" width="40" height="${h * 0.3}" rx="8" fill="${C.teal}"/>`;
  }
  return svg(w, h, `<rect width="${w}" height="${h}" fill="#f3e4cc"/><rect y="${h * 0.88}" width="${w}" height="${h * 0.12}" fill="${C.table}"/>
  <rect x="${w * 0.06}" y="${h * 0.3}" width="${w * 0.25}" height="${h * 0.22}" fill="${C.sky}" opacity=".6"/><rect x="${w * 0.69}" y="${h * 0.3}" width="${w * 0.25}" height="${h * 0.22}" fill="${C.sky}" opacity=".6"/>
  <text x="${w / 2}" y="${h * 0.47}" font-family="Georgia, serif" font-size="${h * 0.09}" fill="${C.syrup}" text-anchor="middle" font-style="italic">Jealous Fork</text>
  ${pendants}${tables}`);
}

function kitchen(w, h) {
  return svg(w, h, `<rect width="${w}" height="${h}" fill="#e9e4dc"/>
  ${Array.from({ length: 12 }, (_, i) => `<line x1="${(i * w) / 12}" y1="0" x2="${(i * w) / 12}" y2="${h * 0.55}" stroke="#d6cfc4" stroke-width="2"/>`).join("")}
  <rect y="${h * 0.55}" width="${w}" height="${h * 0.45}" fill="#9aa3a8"/><rect y="${h * 0.55}" width="${w}" height="${h * 0.06}" fill="#c7ced2"/>
  <rect x="${w * 0.1}" y="${h * 0.5}" width="${w * 0.5}" height="${h * 0.08}" fill="#2f2f2f"/>
  ${pancakeStack(w * 0.22, h * 0.5, h * 0.08, 1, () => "")}${pancakeStack(w * 0.35, h * 0.5, h * 0.08, 1, () => "")}${pancakeStack(w * 0.48, h * 0.5, h * 0.08, 1, () => "")}
  <path d="M${w * 0.72} ${h * 0.5} l ${w * 0.05} ${-h * 0.3} l ${w * 0.02} 0 l ${-w * 0.03} ${h * 0.3}Z" fill="#8a8f93"/>
  <ellipse cx="${w * 0.8}" cy="${h * 0.45}" rx="${w * 0.1}" ry="${h * 0.05}" fill="#4d4d4d"/>
  <path d="M${w * 0.2} ${h * 0.35} q 20 -40 0 -80 M${w * 0.35} ${h * 0.35} q 20 -40 0 -80 M${w * 0.48} ${h * 0.35} q 20 -40 0 -80" stroke="#fff" stroke-width="6" fill="none" opacity=".7" stroke-linecap="round"/>`);
}

function street(w, h) {
  return svg(w, h, `<rect width="${w}" height="${h}" fill="#9fd3e6"/><circle cx="${w * 0.82}" cy="${h * 0.2}" r="${h * 0.1}" fill="#ffe29a"/>
  <rect x="0" y="${h * 0.35}" width="${w * 0.3}" height="${h * 0.45}" fill="#f7a8b8"/><rect x="${w * 0.3}" y="${h * 0.28}" width="${w * 0.28}" height="${h * 0.52}" fill="#fdd692"/>
  <rect x="${w * 0.58}" y="${h * 0.38}" width="${w * 0.42}" height="${h * 0.42}" fill="#8fd1c0"/>
  ${[0.05, 0.17, 0.36, 0.46, 0.65, 0.8].map((x) => `<rect x="${w * x}" y="${h * 0.45}" width="${w * 0.07}" height="${h * 0.1}" fill="#fff" opacity=".7"/>`).join("")}
  <rect y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#6d6d6d"/><rect y="${h * 0.78}" width="${w}" height="${h * 0.03}" fill="#cfcfcf"/>
  ${[0.1, 0.3, 0.5, 0.7, 0.9].map((x) => `<rect x="${w * x}" y="${h * 0.89}" width="${w * 0.08}" height="${h * 0.015}" fill="#fff"/>`).join("")}`);
}

// Drawings of dishes for the home page's picture slots until the owner's photos replace them; never a
// dish's picture on the menu (a dish without its photo is a typographic card).
const MENU_PICTURES = {
  flatbread: (w, h) => dish(w, h, flatbread),
  starters: (w, h) => dish(w, h, (cx, cy, r) => `${plate(cx, cy, r)}${[-0.4, 0, 0.4].map((d) => `<rect x="${cx + d * r - r * 0.14}" y="${cy - r * 0.35}" width="${r * 0.28}" height="${r * 0.45}" rx="${r * 0.05}" fill="${C.glass}" opacity=".8"/><rect x="${cx + d * r - r * 0.12}" y="${cy - r * 0.15}" width="${r * 0.24}" height="${r * 0.22}" fill="${C.orange}"/><circle cx="${cx + d * r}" cy="${cy - r * 0.2}" r="${r * 0.08}" fill="${C.butter}"/>`).join("")}`),
  salads: (w, h) => dish(w, h, bowlSalad, "#7a5a3a"),
  pancakes: (w, h) => dish(w, h, (cx, cy, r) => `${plate(cx, cy, r)}${pancakeStack(cx, cy, r * 0.7, 4, berries(C.berry))}`),
  sandwiches: (w, h) => dish(w, h, (cx, cy, r) => `${plate(cx, cy + r * 0.2, r)}${sandwich(cx, cy + r * 0.1, r * 0.7)}`),
  fries: (w, h) => dish(w, h, fries, "#5a3a2a"),
  burgers: (w, h) => dish(w, h, (cx, cy, r) => burger(cx, cy, r * 0.8), "#3d2b22"),
  desserts: (w, h) => dish(w, h, dessert, "#4a2f28"),
  cocktails: (w, h) => dish(w, h, (cx, cy, r) => `${coupe(cx - r * 0.6, cy, r * 0.7, C.berry, C.butter)}${coupe(cx + r * 0.6, cy, r * 0.7, C.orange, C.strawberry)}`, "#2e3a3f"),
  coffee: (w, h) => dish(w, h, (cx, cy, r) => mug(cx, cy, r * 0.7)),
  beer: (w, h) => dish(w, h, (cx, cy, r) => `${tallGlass(cx - r * 0.5, cy, r * 0.8, C.beer, "#fff6e0")}${tallGlass(cx + r * 0.5, cy, r * 0.8, "#b86b1d", "#fff6e0")}`, "#3d2b22"),
  wine: (w, h) => dish(w, h, (cx, cy, r) => `${wineGlass(cx - r * 0.5, cy, r * 0.8, C.wine)}${wineGlass(cx + r * 0.5, cy, r * 0.8, "#e9d98a")}`, "#2e2a33"),
};

/** Output path (from the project root) -> [width, height, drawing, quality]. */
const PICTURES = {
  "src/assets/home/hero.webp": [1600, 900, hero, 70],
  "src/assets/about/kitchen.webp": [800, 600, kitchen, 72],
  "src/assets/about/pancake-stack.webp": [800, 600, MENU_PICTURES.pancakes, 72],
  "src/assets/about/dining-room.webp": [800, 600, diningRoom, 72],
  "src/assets/about/burger-night.webp": [800, 600, (w, h) => svg(w, h, skyline(w, h, { night: true }).replace(/^<svg[^>]*>|<\/svg>$/g, "") + burger(w * 0.5, h * 0.62, h * 0.22)), 72],
  "src/assets/gallery/brunch-table.webp": [800, 600, (w, h) => hero(w, h), 72],
  "src/assets/gallery/flatbread.webp": [800, 600, MENU_PICTURES.flatbread, 72],
  "src/assets/gallery/cocktails.webp": [800, 600, MENU_PICTURES.cocktails, 72],
  "src/assets/gallery/coffee.webp": [800, 600, MENU_PICTURES.coffee, 72],
  "src/assets/gallery/fries.webp": [800, 600, MENU_PICTURES.fries, 72],
  "src/assets/gallery/dessert.webp": [800, 600, MENU_PICTURES.desserts, 72],
  "src/assets/areas/bay-skyline.webp": [1200, 675, (w, h) => skyline(w, h), 70],
  "src/assets/areas/pastel-street.webp": [800, 600, street, 72],
  "src/assets/areas/night-skyline.webp": [800, 600, (w, h) => skyline(w, h, { night: true }), 72],
};

for (const [path, [w, h, draw, quality]] of Object.entries(PICTURES)) {
  const out = join(ROOT, path);
  await mkdir(dirname(out), { recursive: true });
  const info = await sharp(Buffer.from(draw(w, h))).webp({ quality, effort: 6 }).toFile(out);
  console.log(`${path} ${info.width}x${info.height} ${(info.size / 1024).toFixed(1)} KB`);
}
