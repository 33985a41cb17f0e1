export { default as EditorBase } from "./EditorBase.vue";
export { default as EditorMulti } from "./EditorMulti.vue";
export { default as EditorUpload } from "./EditorUpload.vue";
