import reCropperPreview from "./src/index.vue";
import { withInstall } from "@pureadmin/utils";

/** 图片裁剪预览组件 */
export const ReCropperPreview = withInstall(reCropperPreview);

export default ReCropperPreview;
